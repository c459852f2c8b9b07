import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { listBackups } from '../../src/server/modules/backups/backup-files.ts';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { temporaryDirectory } from '../support/config.ts';
import { freshDataDir, NODE_FLAGS, type ServerProcess, startServer } from '../support/server-process.ts';

const CLI = (name: string) => fileURLToPath(new URL(`../../dist/server/cli/${name}.js`, import.meta.url));
const ADMIN_EMAIL = 'owner.backups@example.com';
const BACKUP_NAME = /^techhelp-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;

/** Runs one of the built commands (npm run backup / restore) with the server's environment. */
function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, CLI(name), ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const backupsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

async function send(server: ServerProcess, who: HttpCustomer, method: string, url: string, body?: object) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: { cookie: who.cookieHeader, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** Every row of every table of the app's schema, as JSON lines, by table. */
async function everyRow(dataDir: string): Promise<Map<string, string[]>> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const tables = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const rows = new Map<string, string[]>();
    for (const { table_name: table } of tables.rows) {
      const result = await db.query<Record<string, unknown>>(`select * from "${table}"`);
      rows.set(table, result.rows.map((row) => JSON.stringify(row)).sort());
    }
    return rows;
  } finally {
    await db.close();
  }
}

describe('backups of the embedded database, and restoring one', () => {
  it('restores, into a fresh DATA_DIR, every row acknowledged before a backup taken while bookings went on, and the server starts on it', async () => {
    const dataDir = freshDataDir();
    const env = { ADMIN_EMAILS: ADMIN_EMAIL, BACKUP_KEEP: '3' };
    let server = await startServer({ dataDir, env });
    const days = upcomingWeekendDays(6, 3);
    const slots = days.flatMap((date) => SLOT_LABELS.map((slot) => ({ date, slot })));
    let backupFile = '';
    const acknowledged: Array<{ id: string; at: number }> = [];
    let backupStarted = 0;
    let admin: HttpCustomer;
    let customers: HttpCustomer[];
    try {
      admin = await createVerifiedAccount(server.url, ADMIN_EMAIL, { profile: true });
      customers = await Promise.all(Array.from({ length: 6 }, (_, index) => createBookingCustomer(server.url, `backup-${index}`)));
      // A job done and paid by hand: a payment, an invoice, history entries, e-mails.
      const first = await send(server, customers[0] as HttpCustomer, 'POST', '/api/appointments', { ...slots.shift(), isRemote: false });
      expect(first.status).toBe(201);
      const paidId = ((await first.json()) as { id: string }).id;
      acknowledged.push({ id: paidId, at: Date.now() });
      const paid = await send(server, admin, 'PATCH', `/api/admin/appointments/${paidId}`, {
        isCompleted: true,
        amount: '75',
        isPaid: true,
        paymentMethod: 'cash',
      });
      expect(paid.status).toBe(200);

      // Bookings go on, one after another, while the backup is taken.
      let booking = true;
      const bookings = (async () => {
        for (let index = 0; booking && slots.length > 0; index++) {
          const customer = customers[(index % 5) + 1] as HttpCustomer;
          const response = await send(server, customer, 'POST', '/api/appointments', { ...slots.shift(), isRemote: index % 2 === 0 });
          if (response.status === 201) acknowledged.push({ id: ((await response.json()) as { id: string }).id, at: Date.now() });
          else expect(response.status).toBe(409); // three open visits each at most
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      backupStarted = Date.now();
      const backup = await runCli('backup', [], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      backupFile = /Backup written: (\S+)/.exec(backup.stdout)?.[1] ?? '';
      expect(path.basename(backupFile)).toMatch(BACKUP_NAME);
      await new Promise((resolve) => setTimeout(resolve, 300));
      booking = false;
      await bookings;
      expect(acknowledged.filter((entry) => entry.at < backupStarted).length).toBeGreaterThan(1);

      // The back office shows the backup.
      const status = (await (await send(server, admin, 'GET', '/api/admin/backups')).json()) as { lastGood: { fileName: string } | null };
      expect(status.lastGood?.fileName).toBe(path.basename(backupFile));

      // While the server holds DATA_DIR, restoring is refused and changes nothing.
      const refused = await runCli('restore', [backupFile], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Stop the server before restoring');
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const restoredDir = temporaryDirectory();
    const restore = await runCli('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('appointments: ');

    // Row for row: everything in the restored database is in the original as it was; everything acknowledged
    // before the backup began is in the restored one.
    const [original, restored] = await Promise.all([everyRow(dataDir), everyRow(restoredDir)]);
    expect([...restored.keys()]).toEqual([...original.keys()]);
    for (const [table, rows] of restored) {
      // Rows change after the backup only where the app updates them in place: rate-limit counters and sessions.
      if (table === 'rate_limits' || table === 'session') continue;
      const before = new Set(original.get(table));
      expect(
        rows.filter((row) => !before.has(row)),
        `${table}: restored rows that the original never had`,
      ).toEqual([]);
    }
    const restoredIds = new Set((restored.get('appointments') ?? []).map((row) => (JSON.parse(row) as { id: string }).id));
    for (const entry of acknowledged.filter((item) => item.at < backupStarted)) expect(restoredIds.has(entry.id), entry.id).toBe(true);
    for (const table of ['user', 'profiles', 'payments', 'invoices', 'audit_log', 'outbox_emails']) {
      expect(restored.get(table)?.length, table).toBeGreaterThan(0);
    }

    // The server starts on the restored database, and the owner's paid list has the payment.
    server = await startServer({ dataDir: restoredDir, env });
    try {
      const login = await fetch(`${server.url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: 'correct horse battery', rememberMe: false }),
      });
      expect(login.status).toBe(200);
      const cookieHeader = login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
      const paidList = await fetch(`${server.url}/api/admin/paid?from=2000-01-01&to=2999-12-31`, { headers: { cookie: cookieHeader } });
      expect(paidList.status).toBe(200);
      expect(((await paidList.json()) as { entries: unknown[] }).entries).toHaveLength(1);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  // Six backups of a real server's database and a kill: minutes, not seconds, on a busy two-core machine.
  it('keeps exactly BACKUP_KEEP backups, and a kill during a backup leaves the earlier ones whole and no partial file named as a backup', {
    timeout: 300_000,
  }, async () => {
    const dataDir = freshDataDir();
    const backupDir = temporaryDirectory();
    const env = { BACKUP_KEEP: '3', BACKUP_DIR: backupDir };
    let server = await startServer({ dataDir, env });
    try {
      for (let round = 0; round < 5; round++) {
        const taken = await runCli('backup', [], { DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: '3' });
        expect(taken.code, taken.stderr).toBe(0);
      }
      expect(backupsIn(backupDir)).toHaveLength(3);
    } finally {
      await server.stop();
    }

    // Killed while it writes a backup: the moment the first file of the new backup appears in the folder.
    const hashes = new Map(backupsIn(backupDir).map((name) => [name, sha(path.join(backupDir, name))]));
    for (let round = 0; round < 3; round++) {
      server = await startServer({ dataDir, env });
      const child = server.child;
      const ended = new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      let seen = '';
      const watcher = watch(backupDir, (_event, name) => {
        seen ||= String(name);
        child.kill('SIGKILL');
      });
      try {
        child.kill('SIGUSR2');
        const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await ended;
        clearTimeout(timeout);
      } finally {
        watcher.close();
      }
      // Killed by the watcher, not by the time limit: the backup had begun writing.
      expect(seen).not.toBe('');
      // Every file named as a backup is whole (its gzip stream ends), and the earlier ones are unchanged.
      for (const name of backupsIn(backupDir)) {
        expect(() => gunzipSync(readFileSync(path.join(backupDir, name))), name).not.toThrow();
        if (hashes.has(name)) expect(sha(path.join(backupDir, name)), name).toBe(hashes.get(name));
      }
      // Older backups are deleted only after the new one is renamed, so there are never fewer than BACKUP_KEEP; a kill
      // that lands between the two (a loaded machine) leaves one more (the new one), and the next start deletes the oldest.
      const after = backupsIn(backupDir);
      expect(after.length).toBeGreaterThanOrEqual(3);
      expect(after.length).toBeLessThanOrEqual(4);
      expect(after.filter((name) => !hashes.has(name)).length).toBeLessThanOrEqual(1);
      for (const name of after) if (!hashes.has(name)) hashes.set(name, sha(path.join(backupDir, name)));
    }
    // The next start clears what a killed backup left behind: its temporary file, and the oldest backup when the kill
    // came after the new one's rename (made certain here with a copy of the newest under a later name).
    const byAge = listBackups(backupDir).map((file) => file.name);
    copyFileSync(path.join(backupDir, byAge[0] ?? ''), path.join(backupDir, 'techhelp-29991231-235959.tar.gz'));
    const expected = ['techhelp-29991231-235959.tar.gz', ...byAge.slice(0, 2)].sort();
    server = await startServer({ dataDir, env });
    try {
      expect(readdirSync(backupDir).filter((name) => !BACKUP_NAME.test(name))).toEqual([]);
      expect(backupsIn(backupDir)).toEqual(expected);
    } finally {
      await server.stop();
    }
  });
});
