import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/server/data-dir-lock.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { errorLog } from '../../src/server/db/schema.ts';
import { temporaryDirectory } from '../support/config.ts';
import { freshDataDir, runServerExpectingExit, type ServerProcess, startServer } from '../support/server-process.ts';

/** The migrations the built server applies to a new database. */
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }
).entries;

/** The built server as a real process: start-up, the DATA_DIR lock, configuration errors, shutdown. */
describe('the server process', () => {
  const running: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  });

  async function start(options: Parameters<typeof startServer>[0] = {}) {
    const server = await startServer(options);
    running.push(server);
    return server;
  }

  // The one process test that starts on an empty DATA_DIR, as a first `npm start` does; the others start on a copy of
  // the run's migrated database, to spare each the creation of a database (about 5 CPU-seconds).
  it('creates the embedded database in an empty DATA_DIR, prints its address, and shuts down cleanly on SIGTERM', async () => {
    const server = await start({ dataDir: temporaryDirectory() });
    expect(server.output()).toMatch(/TechHelp is running at http:\/\/localhost:\d+/);
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(existsSync(path.join(server.dataDir, 'pglite'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(server.dataDir, LOCK_FILE_NAME), 'utf8')).pid).toBe(server.child.pid);

    // The built browser app (the integration tests serve a stand-in): its index with the configuration filled in, and
    // its hashed script, pre-compressed and cached for a year.
    const page = await fetch(`${server.url}/services`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script id="app-config" type="application/json">{"supportPhone":');
    expect(html).not.toContain('<!--app-config-->');
    const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]{8}\.js)"><\/script>/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const bundle = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-encoding')).toBe('br');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bundle.text()).length).toBeGreaterThan(1000);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(existsSync(path.join(server.dataDir, LOCK_FILE_NAME))).toBe(false);
    // The server applied every migration (opened as it is, not through openDatabase, which would migrate it).
    const written = await PGlite.create({ dataDir: path.join(server.dataDir, 'pglite') });
    try {
      const { rows } = await written.query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations');
      expect(rows).toEqual([{ applied: MIGRATIONS.length }]);
    } finally {
      await written.close();
    }
  });

  it('refuses a second server on the same DATA_DIR, naming the first, and the first keeps working', async () => {
    const first = await start();
    const second = await runServerExpectingExit({}, first.dataDir);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`DATA_DIR ${first.dataDir} is in use by another server process (pid ${first.child.pid}`);
    expect(second.stdout).not.toContain('running at');

    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    const report = await fetch(`${first.url}/api/errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorMessage: 'still writable', componentName: 'test' }),
    });
    expect(report.status).toBe(204);
  });

  it('stops with a message naming the variable when a configuration value is bad', async () => {
    const result = await runServerExpectingExit({ PORT: 'abc', SUPPORT_EMAIL: 'not-an-email' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT: must be a whole number from 0 to 65535 (got "abc")');
    expect(result.stderr).toContain('SUPPORT_EMAIL: must be an e-mail address');
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://help.example.com',
      MAIL_DISABLED: 'true',
      AUTH_SECRET: 'q5pPq0x8y1D1sR0o3wQ2vVt7gZ9kL4mN6bC8aE1fH3jK5lP7rT9uW2yX4zA6cB8d',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
    };

    it('refuses to start with PayPal keys and no PAYPAL_ENV=live (the sandbox takes no money), saying what to set', async () => {
      for (const env of [production, { ...production, PAYPAL_ENV: 'sandbox' }]) {
        const result = await runServerExpectingExit(env);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('Invalid configuration:');
        expect(result.stderr).toMatch(/PAYPAL_ENV: must be live in production .*set PAYPAL_ENV=live.*set PAYMENTS_TEST_MODE=true/);
        expect(result.stdout).not.toContain('TechHelp is running');
      }
    });

    it('refuses to start without AUTH_SECRET, saying how to make one, and writes no secret of its own', async () => {
      const dataDir = temporaryDirectory();
      const result = await runServerExpectingExit({ ...production, AUTH_SECRET: '', PAYPAL_ENV: 'live' }, dataDir);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/AUTH_SECRET: must be set in production .*openssl rand -base64 48/);
      expect(existsSync(path.join(dataDir, 'auth.secret'))).toBe(false);
    });

    it("runs PayPal's sandbox when test payments are asked for on purpose, and warns at every start", async () => {
      const dataDir = freshDataDir();
      for (let start = 0; start < 2; start++) {
        const server = await startServer({ dataDir, env: { ...production, PAYMENTS_TEST_MODE: 'true' } });
        running.push(server);
        // Printed once the address is: waited for a moment.
        for (let waited = 0; waited < 50 && !server.output().includes('WARNING: PAYMENTS_TEST_MODE'); waited++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(server.output()).toMatch(/WARNING: PAYMENTS_TEST_MODE is on: payments move no money \(PayPal's sandbox\)/);
        // In the process's log too, for whoever reads it rather than the terminal.
        expect(server.output()).toMatch(/"level":40,.*"msg":"PAYMENTS_TEST_MODE is on/);
        expect(await server.stop('SIGTERM')).toBe(0);
      }
    });
  });

  it('keeps its data across a kill and a restart, taking over the stale lock', async () => {
    const first = await start();
    const report = await fetch(`${first.url}/api/errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorMessage: 'written before the crash', componentName: 'test' }),
    });
    expect(report.status).toBe(204);
    await first.stop('SIGKILL');
    expect(existsSync(path.join(first.dataDir, LOCK_FILE_NAME))).toBe(true);

    const second = await start({ dataDir: first.dataDir });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);

    const database = await openDatabase({ databaseUrl: undefined, dataDir: first.dataDir });
    try {
      const rows = await database.db.select().from(errorLog);
      expect(rows.map((row) => row.errorMessage)).toEqual(['written before the crash']);
    } finally {
      await database.close();
    }
  });
});
