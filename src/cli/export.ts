import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileCoordination, StateFileError } from '../file/index.js';
import { type Coordination, InvalidRequestError } from '../index.js';
import { CoordinationError } from '../redis/index.js';
import { loadCheckpoint, lockOutput, removeCheckpoint } from './checkpoint.js';
import { printError } from './cli-error.js';
import { EXIT, type ExportOptions } from './export-options.js';
import { exportWith, type Run } from './export-run.js';
import { closeRedis, ioredisInstalled, openRedis, redisLabel } from './redis.js';
import { commandOf } from './resume-command.js';
import { count, oneLine, shellWord, written } from './words.js';

export { EXIT, type ExportOptions } from './export-options.js';

/** `price-catalog export`: one export per output file at a time (`--out -` needs no lock). */
export async function runExport(o: ExportOptions): Promise<number> {
  // `--out -`: the records go to stdout, with no lock, checkpoint or resume.
  if (o.out === '-') return await exportLocked(o);
  const folder = dirname(resolve(o.out));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    printError(
      o.stderr,
      `the directory of --out does not exist: ${folder} (create it first, e.g. mkdir -p ${shellWord(folder)})`,
    );
    return EXIT.usage;
  }
  const unlock = lockOutput(o.out);
  try {
    return await exportLocked(o);
  } finally {
    unlock();
  }
}

/** The job's checkpoint and the shared count, and the errors that end a run in words. */
async function exportLocked(o: ExportOptions): Promise<number> {
  const job = JSON.stringify({
    what: o.what,
    source: o.source,
    params: o.params,
    format: o.format,
    per: o.per,
  });
  let checkpoint = o.out === '-' ? undefined : loadCheckpoint(o.out);
  if (checkpoint && o.restart) {
    removeCheckpoint(o.out);
    checkpoint = undefined;
  }
  if (checkpoint && checkpoint.job !== job) {
    printError(
      o.stderr,
      `${o.out} has a checkpoint of another export. To finish that one, run:\n  ${commandOf(checkpoint.job, o.out)}\nor add --restart to this command to start it over (the checkpoint of the other goes).`,
    );
    return EXIT.usage;
  }

  const log = (line: string): void => {
    o.stderr.write(`[price-catalog] ${line}\n`);
  };
  if (o.redis && !(await ioredisInstalled())) {
    printError(
      o.stderr,
      '--redis needs the ioredis package (an optional peer dependency of price-catalog): install it where price-catalog is installed, with `npm install ioredis` (`npm install --global ioredis` when price-catalog is installed globally).',
    );
    return EXIT.error;
  }
  // The day's budget, the token's window and the application token: shared through Redis with
  // every process of the client id (--redis), else through the state directory with every process
  // and run on this machine (scripts using fileCoordination() on the same directory included).
  const redis = o.redis ? openRedis(o.redis) : undefined;
  const shared: Coordination = redis ?? fileCoordination({ dir: o.stateDir, cache: false });
  const run: Run = { log, state: checkpoint };
  try {
    return await exportWith(o, job, checkpoint, shared, redis, run);
  } catch (error) {
    if (error instanceof InvalidRequestError && error.code === 'InvalidOption') {
      // The SDK's own word on a URL it cannot use (no scheme, not http(s)), with the flag to fix.
      const flag =
        error.param === 'authUrl'
          ? '--auth-url / PRICE_CATALOG_AUTH_URL'
          : '--base-url / PRICE_CATALOG_BASE_URL';
      printError(o.stderr, `${error.message} (${flag}). Nothing was sent.`);
      return EXIT.usage;
    }
    if (!(error instanceof CoordinationError) && !(error instanceof StateFileError)) throw error;
    // The shared count could not be read or written: the SDK sent nothing without it. The output
    // ends on the last complete page and its checkpoint is on disk: the same command resumes.
    const once = redis ? 'Redis answers' : 'the state directory is fixed';
    const where = run.state?.pages
      ? ` ${count(run.state.records, 'record')} ${written(o.out)}, checkpoint saved after page ${run.state.pages}; run the same command to resume once ${once}.`
      : ` Nothing was fetched; run the same command once ${once}.`;
    printError(
      o.stderr,
      redis
        ? `Redis coordination failed (CoordinationError, ${redisLabel(o.redis?.url ?? '')}): ${oneLine(error.message)}.${where}`
        : `the state directory failed (StateFileError): ${oneLine(error.message)}.${where}`,
    );
    return EXIT.error;
  } finally {
    if (redis) await closeRedis(redis);
  }
}
