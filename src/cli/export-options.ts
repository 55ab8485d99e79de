import type { Params } from './checkpoint.js';
import type { Format, RecordKind } from './records.js';
import type { RedisSettings } from './redis.js';

export interface ExportOptions {
  what: RecordKind;
  source: { category?: number | undefined; manufacturer?: number | undefined; search?: string | undefined };
  /** The listing's filters, with the API's own names. */
  params: Params;
  format: Format;
  out: string;
  per: number;
  maxCalls: number | undefined;
  dailyLimit: number;
  planOnly: boolean;
  restart: boolean;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The state directory (`price-catalog/file`): the day's budget, the token's rate window and the
   * application token shared with every other process and run on this machine, and the ETag cache.
   */
  stateDir: string;
  cache: boolean;
  /**
   * Share the daily budget, the token's rate window and the application token through Redis
   * with every process of this client id (`price-catalog/redis`).
   */
  redis?: RedisSettings | undefined;
  /** The words the user typed after the program's name, to print the command that resumes. */
  argv: readonly string[];
  stderr: NodeJS.WriteStream;
  /** Where `--out -` writes the records (default process.stdout). */
  stdout?: NodeJS.WritableStream | undefined;
  /** Fired on the first SIGINT (tests and the bin pass process signals through this). */
  signals: NodeJS.EventEmitter;
}

/** Exit codes: done, error, bad usage, stopped and resumable (budget, --max-calls), interrupted. */
export const EXIT = { done: 0, error: 1, usage: 2, resumable: 75, interrupted: 130 } as const;
