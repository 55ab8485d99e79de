import { writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileCoordination, StateFileError } from '../../src/file/index.js';
import type { RecordStore } from '../../src/index.js';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { newStateDir, removeStateDir } from '../file/state-dirs.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

// Coordination.records, where price-catalog/watch keeps its state: two sharers see one map.

async function sharesOneMap(a: RecordStore, b: RecordStore): Promise<void> {
  expect(await a.all('m')).toEqual({});
  expect(await a.get('m', ['x'])).toEqual([undefined]);
  await a.set('m', { x: '1', y: '2|3' });
  await b.set('m', { z: '4' });
  await b.set('other', { x: 'elsewhere' });
  expect(await b.get('m', ['y', 'nope', 'x'])).toEqual(['2|3', undefined, '1']);
  await b.delete('m', ['x']);
  expect(await a.all('m')).toEqual({ y: '2|3', z: '4' });
  expect(await a.get('other', ['x'])).toEqual(['elsewhere']);
  expect(await a.get('m', [])).toEqual([]);
}

describe('fileCoordination records', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await removeStateDir(dir);
  });

  it('one map for every process on the directory, in a file of its own', async () => {
    const dir = newStateDir();
    dirs.push(dir);
    const [a, b] = [fileCoordination({ dir }).records, fileCoordination({ dir }).records];
    if (!a || !b) throw new Error('no records');
    await sharesOneMap(a, b);
    const files = (await readdir(dir)).filter((name) => name.startsWith('records-'));
    expect(files).toHaveLength(2);
  });

  it('a torn file is reported, never read as empty', async () => {
    const dir = newStateDir();
    dirs.push(dir);
    const records = fileCoordination({ dir }).records;
    if (!records) throw new Error('no records');
    await records.set('m', { x: '1' });
    const [file] = (await readdir(dir)).filter(
      (name) => name.startsWith('records-') && name.endsWith('.json'),
    );
    writeFileSync(join(dir, file ?? ''), '{"fields": {"x": 1');
    await expect(records.all('m')).rejects.toBeInstanceOf(StateFileError);
    await expect(records.set('m', { y: '2' })).rejects.toBeInstanceOf(StateFileError);
  });
});

describe('redisCoordination records', () => {
  let redis: RedisServer;
  const open: RedisCoordination[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of open) await c.close();
    await redis.stop();
  });

  it('one map for every process on the prefix, apart from other prefixes', async () => {
    const make = (prefix: string) => {
      const c = redisCoordination({ url: redis.url, prefix });
      open.push(c);
      return c.records as RecordStore;
    };
    await sharesOneMap(make('rec-a:'), make('rec-a:'));
    expect(await make('rec-b:').all('m')).toEqual({});
  });
});
