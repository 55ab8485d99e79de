import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));

/**
 * Type-checks a consumer project of the packed package (its `*.ts` already in `project`) as its
 * own tsc would: strict, `skipLibCheck` off, the given module resolution and package `type`.
 * `wrong` is written as `wrong.ts`: one deliberate mistake, which shows the check is real. Returns
 * tsc's `error TS` lines and its whole output.
 */
export async function consumerTypeErrors(
  project: string,
  options: {
    type: string;
    resolution: Record<string, string>;
    wrong: string;
    /** Keep linked packages as links, so each resolves its imports from the project's node_modules. */
    preserveSymlinks?: boolean;
  },
): Promise<{ errors: string[]; output: string }> {
  const compilerOptions = {
    ...options.resolution,
    target: 'es2022',
    lib: ['es2022', 'dom'],
    types: [],
    strict: true,
    skipLibCheck: false,
    ...(options.preserveSymlinks ? { preserveSymlinks: true } : {}),
    noEmit: true,
  };
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: options.type }));
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  writeFileSync(join(project, 'wrong.ts'), options.wrong);
  const output = await run(process.execPath, [tsc, '-p', project], { cwd: project }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  return { errors: output.split('\n').filter((line) => /error TS\d+/.test(line)), output };
}
