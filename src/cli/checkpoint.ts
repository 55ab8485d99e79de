import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import type { RecordKind } from './records.js';

export type Params = Record<string, string | number | boolean | string[] | number[]>;

/** One paginated listing still to walk, from `page` on. */
export type Task =
  | { list: 'category' | 'manufacturer'; id: number; params: Params; page: number; emit: RecordKind }
  | { list: 'search'; q: string; params: Params; page: number; emit: RecordKind }
  | { list: 'products'; skuId: number; page: number };

export interface Plan {
  /** Calls the whole job needs (an estimate for offers and searches). */
  calls: number;
  exact: boolean;
  /** Records expected (an estimate for offers). */
  records: number | undefined;
  per: number;
  /** Why the plan is an estimate, when the first page cannot tell (a search). */
  estimate?: string | undefined;
}

/** What is written after every page: enough to resume with no call spent twice. */
export interface Checkpoint {
  version: 1;
  /** The command's job (what, source, filters, format, page size): a resume must match it. */
  job: string;
  /** Bytes of the output that hold complete records; a resume truncates the file to this. */
  bytes: number;
  records: number;
  pages: number;
  /** Calls this job has spent over all its runs. */
  calls: number;
  plan: Plan | undefined;
  /** Listings left, the current one first (with the page to fetch next). Empty when done. */
  queue: Task[];
  done: boolean;
}

export function checkpointPath(out: string): string {
  return `${out}.checkpoint.json`;
}

export function loadCheckpoint(out: string): Checkpoint | undefined {
  try {
    return JSON.parse(readFileSync(checkpointPath(out), 'utf8')) as Checkpoint;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file, flushed and renamed over the old one: never half a checkpoint. */
export function saveCheckpoint(out: string, checkpoint: Checkpoint): void {
  const path = checkpointPath(out);
  const temp = `${path}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(checkpoint));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

export function removeCheckpoint(out: string): void {
  rmSync(checkpointPath(out), { force: true });
}

/**
 * The output file, written only at the end of complete records: each page's records are
 * appended at the checkpointed offset and flushed before the checkpoint moves past them.
 */
export class OutputFile {
  private readonly fd: number;

  /** Opens `path` and cuts it to `bytes` (0 for a new export), dropping any half-written page. */
  constructor(path: string, bytes: number) {
    try {
      this.fd = openSync(path, bytes === 0 ? 'w' : 'r+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new Error(`${path} is gone, but its checkpoint says ${bytes} bytes were written: use --restart`);
    }
    const size = fstatSync(this.fd).size;
    if (size < bytes) {
      closeSync(this.fd);
      throw new Error(
        `${path} holds ${size} bytes, fewer than the ${bytes} its checkpoint recorded: it was changed since; use --restart`,
      );
    }
    ftruncateSync(this.fd, bytes);
  }

  append(text: string, at: number): number {
    const data = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < data.length)
      written += writeSync(this.fd, data, written, data.length - written, at + written);
    fsyncSync(this.fd);
    return data.length;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * One run per output file at a time: `OUT.lock` holds the running process's pid. A lock whose
 * process is gone (a crash, SIGKILL) is taken over. Returns the release function.
 */
export function lockOutput(out: string): () => void {
  const path = `${out}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
        throw new Error(`another export (pid ${pid}) is writing ${out}; wait for it or stop it first`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${out} (${path})`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
