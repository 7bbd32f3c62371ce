// The signed-in reads on PostgreSQL + Redis: one instance, then two behind one port (node:cluster),
// on a schema of their own that is dropped afterwards.
import { rmSync } from 'node:fs';
import pg from 'pg';
import { measureBare, measureReads } from './api.mjs';
import { config } from './config.mjs';
import { rssMb, startApp, startCluster, tempDir } from './processes.mjs';
import { seed } from './seeding.mjs';

export async function query(url, text) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export async function redisReachable(url) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The rate-limit counters the run left in the benchmark's Redis database (they expire anyway). */
export async function clearRedis(url) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'rl:*', 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function measurePostgres({ bare, port, clusterPort, users = config.users }) {
  try {
    await query(config.postgresUrl, 'select 1');
  } catch (error) {
    return {
      skipped: `PostgreSQL not reachable at ${config.postgresUrl} (${error.message}); set BENCH_DATABASE_URL`,
    };
  }
  const redis = (await redisReachable(config.redisUrl)) ? config.redisUrl : undefined;
  if (!redis) console.log(`  Redis not reachable at ${config.redisUrl}: PostgreSQL alone`);
  const schema = `bench_${Date.now().toString(36)}_${process.pid}`;
  const database = { url: config.postgresUrl, schema, redisUrl: redis };
  const dataDir = tempDir();
  const result = { schema, redis: Boolean(redis) };
  try {
    const started = performance.now();
    await seed([{ users: [0, users], usageDays: config.usageDays, eventsPerDay: 8 }], { dataDir, database });
    console.log(
      `  seeded ${users} people into schema ${schema} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    result.bare = await measureBare(bare);
    const one = await startApp({ port, dataDir, database, keepData: true, logName: 'postgres' });
    try {
      console.log('  one instance:');
      result.single = await measureReads(one, users);
      result.single.rssMb = rssMb(one.pid);
    } finally {
      await one.stop();
    }
    const two = await startCluster({ port: clusterPort, dataDir, database, instances: 2 });
    try {
      console.log('  two instances behind one port (node:cluster):');
      result.cluster = await measureReads(two, users);
    } finally {
      await two.stop();
    }
  } finally {
    await query(config.postgresUrl, `drop schema if exists ${schema} cascade`).catch((error) =>
      console.warn(`  could not drop schema ${schema}: ${error.message}`),
    );
    if (redis) await clearRedis(redis).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}
