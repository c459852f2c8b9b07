import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedClusterTemplate, openDatabase } from '../../src/server/db/client.ts';
import { appointments } from '../../src/server/db/schema.ts';
import { temporaryDirectory } from '../support/config.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/** A 1 GB server is enough (issue 42): the embedded database's server resident when idle, and at its peak. */
const IDLE_RSS_LIMIT_MB = 250;
const HIGH_WATER_LIMIT_MB = 400;

/** The process's resident memory now and its high-water mark since it started, from the kernel. */
function memoryOf(pid: number): { rssMb: number; highWaterMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rssMb: Math.round(mb('VmRSS')), highWaterMb: Math.round(mb('VmHWM')) };
}

/**
 * The server's memory once it answers: five readings half a second apart (memory is not timing-sensitive, but a
 * reading is one moment, and a busy machine's moment may hold the collector's work). All of them count.
 */
async function idleReadings(server: ServerProcess): Promise<{ rssMb: number[]; highWaterMb: number }> {
  const health = await fetch(`${server.url}/healthz`);
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
  const pid = server.child.pid ?? 0;
  const rssMb: number[] = [];
  for (let reading = 0; reading < 5; reading++) {
    if (reading > 0) await delay(500);
    rssMb.push(memoryOf(pid).rssMb);
  }
  return { rssMb, highWaterMb: memoryOf(pid).highWaterMb };
}

/** The identifier PostgreSQL gave a cluster when it was made: the first field of global/pg_control. */
function systemIdentifier(cluster: string): string {
  return readFileSync(path.join(cluster, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString();
}

describe('the embedded database on a 1 GB server (docs/performance.md, "Memory on a small server")', () => {
  const running: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  });

  it(`keeps the server under ${IDLE_RSS_LIMIT_MB} MB resident idle and ${HIGH_WATER_LIMIT_MB} MB at its peak, on a database it has`, async () => {
    const server = await startServer();
    running.push(server);
    const { rssMb, highWaterMb } = await idleReadings(server);
    expect(Math.max(...rssMb), `RSS readings ${rssMb.join(', ')} MB`).toBeLessThanOrEqual(IDLE_RSS_LIMIT_MB);
    expect(highWaterMb).toBeLessThanOrEqual(HIGH_WATER_LIMIT_MB);
  });

  it(`keeps the first start, which creates the database, under ${HIGH_WATER_LIMIT_MB} MB at its peak, and the server under ${IDLE_RSS_LIMIT_MB} MB idle after it`, async () => {
    const server = await startServer({ dataDir: temporaryDirectory() });
    running.push(server);
    const { rssMb, highWaterMb } = await idleReadings(server);
    expect(highWaterMb).toBeLessThanOrEqual(HIGH_WATER_LIMIT_MB);
    expect(Math.max(...rssMb), `RSS readings ${rssMb.join(', ')} MB`).toBeLessThanOrEqual(IDLE_RSS_LIMIT_MB);
  });

  it("creates an empty DATA_DIR's database from the build's empty cluster, replacing a copy a killed start left half-made", async () => {
    const template = embeddedClusterTemplate();
    expect(template, 'npm run build makes dist/server/embedded-cluster-<PGlite version>').toBeDefined();
    const dataDir = temporaryDirectory();
    mkdirSync(path.join(dataDir, 'pglite.new', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite.new', 'PG_VERSION'), 'half-made\n');

    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(systemIdentifier(path.join(dataDir, 'pglite'))).toBe(systemIdentifier(template ?? ''));
      expect(existsSync(path.join(dataDir, 'pglite.new'))).toBe(false);
      // The migrations ran on it as on any new database.
      expect(await database.db.select({ id: appointments.id }).from(appointments)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
