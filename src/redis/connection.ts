import { createHash } from 'node:crypto';
import type { Cluster, Redis, RedisOptions } from 'ioredis';
import { InvalidRequestError } from '../index.js';
import { CoordinationError } from './errors.js';

/** The commands the stores use, as ioredis spells them. */
interface RedisClientLike {
  evalsha(sha: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  hgetall(key: string): Promise<Record<string, string>>;
  hset(key: string, fields: Record<string, string>): Promise<number>;
  hdel(key: string, ...fields: string[]): Promise<number>;
  scan(cursor: string | number, ...args: (string | number)[]): Promise<[string, string[]]>;
  pipeline(): PipelineLike;
  quit(): Promise<unknown>;
  disconnect(): void;
  /** A Cluster's nodes (ioredis `Cluster` only). */
  nodes?(role: 'master'): RedisClientLike[];
  /** Asks a Cluster which node serves which slots now (ioredis `Cluster` only). */
  refreshSlotsCache?(callback?: (error?: Error | null) => void): void;
  readonly isCluster?: boolean;
}

/** The commands the admission sends together in one round trip (the script, then WAIT). */
interface PipelineLike {
  evalsha(sha: string, numKeys: number, ...args: (string | number)[]): PipelineLike;
  eval(script: string, numKeys: number, ...args: (string | number)[]): PipelineLike;
  wait(replicas: number, timeoutMs: number): PipelineLike;
  exec(): Promise<[Error | null, unknown][] | null>;
}

export interface ConnectionOptions {
  /** `redis://[:password@]host:port[/db]` (or `rediss://`): the stores make and own an ioredis client. */
  url?: string | undefined;
  /**
   * Your own ioredis client, `Redis` or `Cluster` (you close it; listen to its `error` events, as
   * ioredis asks of every client).
   */
  client?: Redis | Cluster | undefined;
  /** Longest wait for one Redis answer before the call fails with CoordinationError. Default 2000 ms. */
  commandTimeoutMs?: number | undefined;
  /** Extra ioredis options for the client made from `url`. */
  redisOptions?: RedisOptions | undefined;
  /**
   * Replicas that must have each call's budget count before the call is sent (`WAIT`, in the same
   * round trip as the admission script). With 1 on a Redis Cluster (or a primary with replicas), a
   * failover keeps every count a replica confirmed. Default 0: no wait.
   */
  replicaAcks?: number | undefined;
  /** Longest wait for those replicas; past it the call goes anyway (see docs/many-processes.md). Default 100 ms. */
  replicaAckWaitMs?: number | undefined;
}

/** A whole number option, at least `min`. */
function count(name: string, value: number, min: number): number {
  if (Number.isSafeInteger(value) && value >= min) return value;
  throw new InvalidRequestError(
    `redisCoordination: ${name} must be an integer of at least ${min}, got ${String(value)}`,
    'InvalidOption',
    name,
  );
}

/**
 * A stored JSON value. JSON.parse's own message quotes the text (which may be a token), so a value
 * that is not ours fails with a message of our own.
 */
export function parseStored<T>(raw: string | null, what: string): T | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw new CoordinationError(
      `The ${what} stored in Redis is not valid JSON (a key written by something else?)`,
    );
  }
}

/** One Lua script, run by its SHA1 (one round trip), loaded on the first NOSCRIPT. */
export interface Script {
  readonly source: string;
  readonly sha: string;
}

export function script(source: string): Script {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

/**
 * The Redis client and the one place every store talks to it: each command is bounded in time
 * and every failure becomes a CoordinationError (without the command's arguments, which may
 * carry a token).
 */
export class Connection {
  private client: RedisClientLike | Promise<RedisClientLike> | undefined;
  private readonly owned: boolean;
  private lastError: Error | undefined;
  private closed = false;
  /** Scripts Redis has run for us (so EVALSHA will not answer NOSCRIPT, barring a restart). */
  private readonly loaded = new Set<string>();
  readonly timeoutMs: number;
  /** An ioredis `Cluster` was given: keys one script touches must share a hash tag. */
  readonly cluster: boolean;
  private readonly replicaAcks: number;
  private readonly replicaAckWaitMs: number;
  /** Connections made for watching changes (`watcher()`). */
  private readonly extra: Redis[] = [];

  constructor(private readonly options: ConnectionOptions) {
    if ((options.url === undefined) === (options.client === undefined)) {
      throw new TypeError('redisCoordination: give exactly one of `url` or `client`');
    }
    this.client = options.client as RedisClientLike | undefined;
    this.owned = options.client === undefined;
    this.cluster = (options.client as RedisClientLike | undefined)?.isCluster === true;
    this.timeoutMs = options.commandTimeoutMs ?? 2000;
    this.replicaAcks = count('replicaAcks', options.replicaAcks ?? 0, 0);
    this.replicaAckWaitMs = count('replicaAckWaitMs', options.replicaAckWaitMs ?? 100, 1);
  }

  /** Runs one command against Redis, bounded by the command timeout. */
  async run<T>(what: string, command: (client: RedisClientLike) => Promise<T>): Promise<T> {
    if (this.closed) throw new CoordinationError(`Redis ${what} failed: the coordination was closed`);
    // Loading ioredis (once) is local work, not Redis answering: the bound starts after it.
    const client = await this.connect();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const why = this.lastError ? ` (last connection error: ${this.lastError.message})` : '';
        reject(new CoordinationError(`Redis did not answer ${what} within ${this.timeoutMs} ms${why}`));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([command(client), timeout]);
    } catch (error) {
      if (error instanceof CoordinationError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      // ioredis errors carry the command and its arguments (a stored token, say): the cause keeps
      // only the name and message.
      const cause = new Error(message);
      cause.name = error instanceof Error ? error.name : 'Error';
      throw new CoordinationError(`Redis ${what} failed: ${message}`, { cause });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Runs a Lua script by SHA, sending its source once when Redis does not know it yet. `counts`:
   * the script takes from the budget, so with `replicaAcks` a WAIT follows it in the same write.
   */
  eval(what: string, s: Script, keys: string[], args: (string | number)[], counts = false): Promise<unknown> {
    return this.run(what, async (client) => {
      const send = (byHash: boolean) =>
        counts && this.replicaAcks > 0
          ? this.replicated(client, s, byHash, keys, args)
          : byHash
            ? client.evalsha(s.sha, keys.length, ...keys, ...args)
            : client.eval(s.source, keys.length, ...keys, ...args);
      try {
        const result = await send(true);
        this.loaded.add(s.sha);
        return result;
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        this.loaded.delete(s.sha);
        const result = await send(false);
        this.loaded.add(s.sha);
        return result;
      }
    });
  }

  /**
   * The script and `WAIT replicaAcks` in one pipeline: one write, one round trip, answered once the
   * replicas have the script's writes (or the wait ran out: the call goes anyway; a Redis without a
   * connected replica cannot fail over to one that lacks them).
   */
  private async replicated(
    client: RedisClientLike,
    s: Script,
    byHash: boolean,
    keys: string[],
    args: (string | number)[],
  ): Promise<unknown> {
    for (let redirections = 0; ; redirections++) {
      const pipeline = client.pipeline();
      if (byHash) pipeline.evalsha(s.sha, keys.length, ...keys, ...args);
      else pipeline.eval(s.source, keys.length, ...keys, ...args);
      pipeline.wait(this.replicaAcks, this.replicaAckWaitMs);
      // WAIT's answer (the replicas that confirmed) is not awaited for more: fewer than asked within
      // the wait and the call goes anyway (docs/many-processes.md says what that keeps).
      const [ran] = (await pipeline.exec()) ?? [];
      if (!ran) throw new Error('the pipeline was not run');
      const [error, result] = ran;
      if (error) {
        // ioredis follows a Cluster's redirection for one command, not for a pipeline whose WAIT
        // was answered: after a failover the slots are asked again here. The script did not run
        // (MOVED, CLUSTERDOWN...), so it is sent again, at most a few times within the timeout.
        const redirected = /^(MOVED|ASK|CLUSTERDOWN|TRYAGAIN) /.test(error.message);
        if (!client.refreshSlotsCache || error.message.startsWith('NOSCRIPT')) throw error;
        await new Promise<void>((resolve) => client.refreshSlotsCache?.(() => resolve()));
        if (!redirected || redirections >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * (redirections + 1)));
        continue;
      }
      return result;
    }
  }

  /**
   * Every key matching `pattern` (SCAN, which does not block Redis as KEYS would), on every master
   * of a Cluster; with `first`, stops at the first batch that finds one.
   */
  async scan(what: string, pattern: string, first = false): Promise<string[]> {
    const client = await this.run(what, async (c) => c);
    const nodes = this.cluster && client.nodes ? client.nodes('master') : [client];
    const found: string[] = [];
    for (const node of nodes) {
      let cursor = '0';
      do {
        // Each batch is one command, bounded as any other.
        const [next, batch] = await this.run(what, () => node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000));
        found.push(...batch);
        if (first && found.length > 0) return found;
        cursor = next;
      } while (cursor !== '0');
    }
    return found;
  }

  /**
   * Runs a script without making the caller wait, where that keeps the order of commands: once
   * Redis knows the script, the command goes out at once on the one connection, ahead of any
   * command issued after it. Until then (a NOSCRIPT would send it again later) the caller may wait
   * for it. It never rejects (callers may not await it): a failure is not lost, the next awaited
   * command meets the same Redis and fails the call.
   */
  send(what: string, s: Script, keys: string[], args: (string | number)[]): Promise<void> {
    const sent = this.eval(what, s, keys, args).then(
      () => undefined,
      () => undefined,
    );
    return this.loaded.has(s.sha) ? Promise.resolve() : sent;
  }

  /**
   * A connection of its own for hearing of changes (RESP2: its pub/sub messages carry them with
   * any ioredis), made like the stores' client; undefined on a Cluster, whose changes are heard
   * node by node. Closed with the coordination.
   */
  async watcher(): Promise<Redis | undefined> {
    if (this.closed || this.cluster) return undefined;
    const own = { protocol: 2, autoResubscribe: false, lazyConnect: true } as RedisOptions;
    const made = this.options.client
      ? (this.options.client as Redis).duplicate(own)
      : new (await this.ioredis())(this.options.url as string, {
          retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
          ...this.options.redisOptions,
          ...own,
        });
    // Closed while ioredis was loading: a connection made now would outlive the coordination.
    if (this.closed) {
      made.disconnect();
      return undefined;
    }
    this.extra.push(made);
    return made;
  }

  /** Closes the client this connection made (a client you gave stays yours) and the watchers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const made of this.extra.splice(0)) made.disconnect();
    if (!this.owned || this.client === undefined) return;
    const client = await this.client;
    await client.quit().catch(() => undefined);
    // A QUIT sent while Redis cannot be reached waits behind the commands queued for it and ends
    // by its timeout, leaving the client reconnecting for ever (and the process alive): ended here.
    client.disconnect();
  }

  private async connect(): Promise<RedisClientLike> {
    if (this.client === undefined) this.client = this.create();
    return this.client;
  }

  /** ioredis, an optional peer dependency: loaded only when the stores make their own client. */
  private async ioredis(): Promise<typeof Redis> {
    try {
      return (await import('ioredis')).Redis;
    } catch (error) {
      throw new CoordinationError(
        'redisCoordination({ url }) needs the ioredis package: npm install ioredis (or pass your own `client`)',
        { cause: error },
      );
    }
  }

  private async create(): Promise<RedisClientLike> {
    let Client: typeof Redis;
    try {
      Client = await this.ioredis();
    } catch (error) {
      this.client = undefined;
      throw error;
    }
    const client = new Client(this.options.url as string, {
      // Commands wait for a reconnect no longer than our own bound; the bound answers the caller.
      commandTimeout: this.timeoutMs,
      maxRetriesPerRequest: 1,
      // Reconnect for ever, at most every 2 s: calls fail fast meanwhile and work again after.
      retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
      ...this.options.redisOptions,
    });
    // Without a listener ioredis reports every connection error as unhandled; the calls that
    // needed Redis get a CoordinationError instead, naming the last connection error.
    client.on('error', (error: Error) => {
      this.lastError = error;
    });
    client.on('ready', () => {
      this.lastError = undefined;
    });
    return client as unknown as RedisClientLike;
  }
}
