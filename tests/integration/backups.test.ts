import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { backupRuns, errorLog } from '../../src/server/db/schema.ts';
import { BackupService, backupTime, type Dump } from '../../src/server/modules/backups/backup-service.ts';
import { BackupStatusSchema } from '../../src/shared/backups.ts';
import { bookingAdmin, bookingCustomer } from '../support/appointments.ts';
import { temporaryDirectory, testConfig } from '../support/config.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../support/database.ts';

const BACKUP_NAME = /^techhelp-\d{8}-\d{6}(?:-\d+)?\.tar\.gz$/;

/**
 * Backups of the embedded database (decision 023): each a .tar.gz PGlite can start from, written into BACKUP_DIR,
 * the newest BACKUP_KEEP kept, handed to BACKUP_COMMAND; one at a time; the nightly one when due (and after a
 * failure, an hour later); every run recorded, every failure in the error log; and the back office's view of them.
 * On a PostgreSQL server (TEST_DATABASE_URL) there is nothing to dump: backups are off, and the tests say so.
 */
describe('backups', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  /** How often the app looked for a due nightly backup as it started (never, with BACKUP_NIGHTLY=false). */
  let nightlyChecksAtStart: number;
  const folders: string[] = [];
  /** A temporary folder of our own, removed at the end. */
  const folder = (prefix = 'techhelp-backups-') => {
    const made = temporaryDirectory(prefix);
    folders.push(made);
    return made;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = folder();
    const nightlyChecks = vi.spyOn(BackupService.prototype, 'backupIfDue');
    // As createTestApp builds it, but with the database's dump (createTestApp passes none).
    app = await buildApp({
      config: testConfig({ DATA_DIR: folder(), BACKUP_DIR: dir, BACKUP_KEEP: '3', BACKUP_NIGHTLY: 'false' }),
      db: database.db,
      listen: database.listen,
      logger: false,
      dump: database.dump,
      webRoot: inject('testWebRoot') || undefined,
    });
    await app.ready();
    nightlyChecksAtStart = nightlyChecks.mock.calls.length;
    nightlyChecks.mockRestore();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Each test starts with no runs, no backup errors and an empty BACKUP_DIR.
    await database.db.delete(backupRuns);
    await database.db.delete(errorLog).where(eq(errorLog.componentName, 'BackupService'));
    for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A backup service of its own (its own BACKUP_DIR, BACKUP_KEEP=3, the given env) on this file's database. */
  const service = (dump: Dump, env: Record<string, string> = {}) => {
    const options = testConfig({ DATA_DIR: folder(), BACKUP_DIR: folder(), BACKUP_KEEP: '3', BACKUP_NIGHTLY: 'false', ...env }).backup;
    return { backups: new BackupService(database.db, dump, options, app.log, app.recordError), dir: options.dir };
  };
  /** The database's own dump, counting its calls. */
  const countingDump = () => {
    const counter = {
      calls: 0,
      dump: (async () => {
        counter.calls += 1;
        if (!database.dump) throw new Error('no dump on PostgreSQL');
        return database.dump();
      }) satisfies NonNullable<Dump>,
    };
    return counter;
  };
  const runs = () => database.db.select().from(backupRuns).orderBy(asc(backupRuns.finishedAt));
  const backupErrors = async () =>
    (await database.db.select().from(errorLog).where(eq(errorLog.componentName, 'BackupService'))).map((row) => ({
      errorMessage: row.errorMessage,
      source: row.source,
    }));
  const backupsIn = (folderPath: string) =>
    readdirSync(folderPath)
      .filter((name) => BACKUP_NAME.test(name))
      .sort();
  /**
   * Runs `action` with the clock (Date only; timers stay real) stopped at `instant`, a moment or two from the real
   * one: the embedded database reads the same clock, and a clock far off would confuse its timers.
   */
  const at = async <T>(instant: number, action: () => Promise<T>): Promise<T> => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
    try {
      return await action();
    } finally {
      vi.useRealTimers();
    }
  };
  /** The next whole second after the next one, on the real clock. */
  const comingSecond = () => Math.ceil(Date.now() / 1000) * 1000 + 1000;
  /** The name a backup taken at `instant` gets: techhelp-YYYYMMDD-HHMMSS.tar.gz (UTC). */
  const nameAt = (instant: number) =>
    `techhelp-${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;
  /**
   * The runs' times are the real clock's; backupIfDue is asked about fixed moments. Dates the run not dated yet
   * (there must be exactly one) as if it had been taken, and had ended, at `iso`.
   */
  const dated = new Set<string>();
  const dateNewRun = async (iso: string) => {
    const fresh = (await runs()).filter((run) => !dated.has(run.id));
    expect(fresh).toHaveLength(1);
    const id = fresh[0]?.id ?? '';
    dated.add(id);
    await database.db
      .update(backupRuns)
      .set({ startedAt: new Date(iso), finishedAt: new Date(iso) })
      .where(eq(backupRuns.id, id));
  };

  it('is on exactly when the database can be dumped (the embedded one), and takes none unasked with BACKUP_NIGHTLY=false', async () => {
    expect(database.dump === undefined).toBe(Boolean(TEST_DATABASE_URL));
    expect(nightlyChecksAtStart).toBe(0);
    expect(app.backups.enabled).toBe(!TEST_DATABASE_URL);
    expect(await app.backups.status()).toEqual({ enabled: !TEST_DATABASE_URL, keep: 3, lastGood: null, lastFailure: null, files: [] });
  });

  describe('GET /api/admin/backups', () => {
    const get = (cookie?: string) => app.inject({ method: 'GET', url: '/api/admin/backups', headers: cookie ? { cookie } : {} });

    it('is for admins only', async () => {
      expect((await get()).statusCode).toBe(401);
      const customer = await bookingCustomer(app, 'backups-customer');
      const refused = await get(customer.cookie);
      expect(refused.statusCode).toBe(403);
      expect(JSON.stringify(refused.json())).not.toContain('keep');
    });

    it('shows an admin the status, as the schema says', async () => {
      const admin = await bookingAdmin(app, database.db);
      const response = await get(admin.cookie);
      expect(response.statusCode).toBe(200);
      const status = BackupStatusSchema.parse(response.json());
      expect(status).toEqual({ enabled: !TEST_DATABASE_URL, keep: 3, lastGood: null, lastFailure: null, files: [] });
      if (!database.dump) return;
      const file = await app.backups.backup('asked');
      const after = BackupStatusSchema.parse((await get(admin.cookie)).json());
      expect(after.lastGood?.fileName).toBe(path.basename(file));
      expect(after.files).toEqual([{ fileName: path.basename(file), bytes: readFileSync(file).length }]);
    });
  });

  // PostgreSQL only: the embedded database's backups are off there (pg_dump's or the provider's are the backups).
  describe.runIf(TEST_DATABASE_URL)('on a PostgreSQL server', () => {
    it('takes none, asked or nightly, and records nothing', async () => {
      await expect(app.backups.backup('asked')).rejects.toThrow(/embedded database only/);
      expect(await app.backups.backupIfDue(new Date('2026-06-15T12:00:00Z'))).toBe(false);
      expect(await app.backups.status()).toMatchObject({ enabled: false, lastGood: null, lastFailure: null, files: [] });
      expect(readdirSync(dir)).toEqual([]);
      expect(await runs()).toEqual([]);
    });
  });

  // PGlite only: these take real backups, and a PostgreSQL server has no dump (the tests above cover it there).
  // Each case copies and compresses a whole embedded database, some five times: tens of seconds on a busy machine.
  describe.runIf(!TEST_DATABASE_URL)('of the embedded database', { timeout: 90_000 }, () => {
    it('writes a .tar.gz that PGlite starts from, holding what was there when it was taken', async () => {
      const before = await bookingCustomer(app, 'backed-up');
      const file = await app.backups.backup('asked');
      const after = await bookingCustomer(app, 'too-late');
      const name = path.basename(file);
      expect(path.dirname(file)).toBe(dir);
      expect(name).toMatch(BACKUP_NAME);
      // The backup alone: no temporary file is left.
      expect(readdirSync(dir)).toEqual([name]);
      const bytes = readFileSync(file);
      expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

      const restored = await PGlite.create({ loadDataDir: new Blob([bytes]) });
      try {
        const { rows } = await restored.query<{ id: string; email: string }>(
          'select id, email from "user" where id = any($1) order by email',
          [[before.id, after.id]],
        );
        expect(rows).toEqual([{ id: before.id, email: before.email }]);
      } finally {
        await restored.close();
      }

      const status = await app.backups.status();
      expect(status).toEqual({
        enabled: true,
        keep: 3,
        lastGood: { at: expect.any(String), fileName: name, bytes: bytes.length, copied: null },
        lastFailure: null,
        files: [{ fileName: name, bytes: bytes.length }],
      });
      const [run] = await runs();
      expect(run).toMatchObject({ reason: 'asked', status: 'ok', fileName: name, bytes: bytes.length, copied: null, error: null });
      expect(status.lastGood?.at).toBe(run?.finishedAt.toISOString());
      expect(run && run.startedAt <= run.finishedAt).toBe(true);
      expect(await backupErrors()).toEqual([]);
    });

    it('holds the database only to copy its files out, and compresses the copy afterwards at the fastest level', async () => {
      // What the database hands over is its files as they are, a tar ("ustar" at byte 257): PGlite's own gzip would
      // compress inside its lock, where every query waits.
      const tar = new Uint8Array(await ((await database.dump?.()) ?? new Blob()).arrayBuffer());
      expect(new TextDecoder().decode(tar.subarray(257, 262))).toBe('ustar');
      const { backups } = service(database.dump);
      const bytes = readFileSync(await backups.backup('asked'));
      // The gzip header's XFL byte: 4 is the fastest level (RFC 1952).
      expect([bytes[0], bytes[1], bytes[8]]).toEqual([0x1f, 0x8b, 4]);
    });

    it('keeps the newest BACKUP_KEEP (3) of five', async () => {
      const base = comingSecond();
      const written: string[] = [];
      for (let i = 0; i < 5; i++) written.push(path.basename(await at(base + i * 1000, () => app.backups.backup('asked'))));
      expect(written).toEqual([0, 1, 2, 3, 4].map((i) => nameAt(base + i * 1000)));
      expect(readdirSync(dir).sort()).toEqual(written.slice(2));
      const status = await app.backups.status();
      expect(status.files.map((file) => file.fileName)).toEqual(written.slice(2).reverse());
      expect(status.lastGood?.fileName).toBe(written[4]);
      expect(await runs()).toHaveLength(5);
    });

    it('keeps exactly BACKUP_KEEP files after five backups in a row on the real clock', async () => {
      for (let i = 0; i < 5; i++) await app.backups.backup('asked');
      expect(readdirSync(dir)).toHaveLength(3);
      expect(backupsIn(dir)).toHaveLength(3);
    });

    // Was a bug (src/server/modules/backups/backup-files.ts: listBackups' sort and backupFileName): five backups within one
    // second are named X, X-2, X-3, X-4; the 4th's prune sorts X (the oldest) as the newest and deletes X-2; the 5th
    // is then named X-2 again and its own prune deletes it at once. The run is recorded as good with a file that is
    // gone, and the oldest backup of the five survives.
    it('keeps the newest three, and the one just written, of five taken within one second', async () => {
      const written: string[] = [];
      await at(comingSecond(), async () => {
        for (let i = 0; i < 5; i++) written.push(path.basename(await app.backups.backup('asked')));
      });
      expect(new Set(written).size).toBe(5);
      expect(backupsIn(dir)).toEqual(written.slice(2).sort());
    });

    it('records a dump that fails, in the runs and the error log, and writes no file', async () => {
      const failing = service(async () => {
        throw new Error('the disk is full');
      });
      await expect(failing.backups.backup('asked')).rejects.toThrow('the disk is full');
      expect(readdirSync(failing.dir)).toEqual([]);
      expect(await backupErrors()).toEqual([{ errorMessage: 'The asked backup failed: the disk is full', source: 'server' }]);
      const [run] = await runs();
      expect(run).toMatchObject({
        reason: 'asked',
        status: 'failed',
        fileName: null,
        bytes: null,
        copied: null,
        error: 'the disk is full',
      });
      const status = await failing.backups.status();
      expect(status).toEqual({
        enabled: true,
        keep: 3,
        lastGood: null,
        lastFailure: { at: run?.finishedAt.toISOString(), error: 'the disk is full' },
        files: [],
      });
      // The back office sees it too; a good backup since clears it.
      expect((await app.backups.status()).lastFailure?.error).toBe('the disk is full');
      await app.backups.backup('asked');
      const cleared = await app.backups.status();
      expect(cleared.lastFailure).toBeNull();
      expect(cleared.lastGood).not.toBeNull();
    });

    // Was a bug (src/server/modules/backups/backup-service.ts, take(): pruneBackups is inside the try that records a failed
    // run): when an old backup cannot be deleted, the new one, written whole, is recorded as a failed backup, never
    // handed to BACKUP_COMMAND, and backupIfDue tries again every hour, each time writing another whole backup that is
    // never pruned either, until the disk is full. The backup should count (and be copied); the prune be logged.
    it('counts a backup written whole even when an old one cannot be deleted', async () => {
      const { backups, dir: own } = service(database.dump, { BACKUP_KEEP: '1' });
      // Something with an old backup's name that unlink refuses: a folder.
      mkdirSync(path.join(own, 'techhelp-20200101-000000.tar.gz'));
      const file = await backups.backup('asked');
      expect((await backups.status()).lastGood?.fileName).toBe(path.basename(file));
    });

    it('hands each backup to BACKUP_COMMAND as its last argument, quoted', async () => {
      const copies = folder();
      const received = path.join(copies, 'received');
      const counter = countingDump();
      // A BACKUP_DIR whose name the shell must not read: spaces, a quote, a $.
      const awkward = folder("techhelp backups $HOME it's ");
      const { backups } = service(counter.dump, {
        BACKUP_DIR: awkward,
        BACKUP_COMMAND: `copy() { cp "$1" '${copies}/' && printf '%s\\n' "$1" >> '${received}'; }; copy`,
      });
      const file = await backups.backup('nightly');
      expect(path.dirname(file)).toBe(awkward);
      expect(readFileSync(received, 'utf8')).toBe(`${file}\n`);
      expect(Buffer.compare(readFileSync(path.join(copies, path.basename(file))), readFileSync(file))).toBe(0);
      expect((await backups.status()).lastGood).toMatchObject({ fileName: path.basename(file), copied: true });
      expect(await runs()).toMatchObject([{ reason: 'nightly', status: 'ok', copied: true }]);
      expect(await backupErrors()).toEqual([]);
    });

    it('logs a BACKUP_COMMAND that fails, and the backup still counts, not copied', async () => {
      const refusing = service(countingDump().dump, {
        BACKUP_COMMAND: 'refuse() { echo "copying to $1"; echo "no route to host" >&2; exit 3; }; refuse',
      });
      const file = await refusing.backups.backup('asked');
      const name = path.basename(file);
      expect(backupsIn(refusing.dir)).toEqual([name]);
      // Named by its time: a file name's run of digits could pass for a card number and be scrubbed.
      const startedAt = (await runs()).at(-1)?.startedAt ?? new Date(0);
      expect(await backupErrors()).toEqual([
        {
          errorMessage: `The backup taken ${backupTime(startedAt)} was written, but copying it off the machine failed: BACKUP_COMMAND exited with code 3: no route to host`,
          source: 'server',
        },
      ]);
      const status = await refusing.backups.status();
      expect(status.lastGood).toMatchObject({ fileName: name, copied: false });
      expect(status.lastFailure).toBeNull();
      expect(await runs()).toMatchObject([{ status: 'ok', copied: false, error: null }]);

      // `false`: an exit code and nothing said.
      await database.db.delete(errorLog).where(eq(errorLog.componentName, 'BackupService'));
      const silent = service(countingDump().dump, { BACKUP_COMMAND: 'false' });
      const second = path.basename(await silent.backups.backup('asked'));
      const secondStartedAt = (await runs()).at(-1)?.startedAt ?? new Date(0);
      expect(await backupErrors()).toEqual([
        {
          errorMessage: `The backup taken ${backupTime(secondStartedAt)} was written, but copying it off the machine failed: BACKUP_COMMAND exited with code 1`,
          source: 'server',
        },
      ]);
      expect((await silent.backups.status()).lastGood).toMatchObject({ fileName: second, copied: false });
    });

    it('takes one backup, not two, when asked twice at once', async () => {
      const counter = countingDump();
      const { backups, dir: own } = service(counter.dump);
      const [first, second] = await Promise.all([backups.backup('asked'), backups.backup('nightly')]);
      expect(second).toBe(first);
      expect(counter.calls).toBe(1);
      expect(backupsIn(own)).toEqual([path.basename(first)]);
      expect(await runs()).toMatchObject([{ reason: 'asked', status: 'ok', fileName: path.basename(first) }]);
      // The nightly check during a backup leaves it alone.
      const running = backups.backup('asked');
      expect(await backups.backupIfDue(new Date())).toBe(false);
      const third = await running;
      expect(counter.calls).toBe(2);
      // Once it is over, the next call takes a new one.
      expect(await backups.backup('asked')).not.toBe(third);
      expect(counter.calls).toBe(3);
      expect(await runs()).toHaveLength(3);
    });

    it('takes the nightly backup when none is good since the last BACKUP_HOUR (3 am in New York)', async () => {
      const counter = countingDump();
      const { backups, dir: own } = service(counter.dump, { BACKUP_HOUR: '3' });
      const due = (iso: string) => backups.backupIfDue(new Date(iso));
      // None yet (8 am EDT, June 15): due.
      expect(await due('2026-06-15T12:00:00.000Z')).toBe(true);
      expect(counter.calls).toBe(1);
      expect(backupsIn(own)).toHaveLength(1);
      expect(await runs()).toMatchObject([{ reason: 'nightly', status: 'ok' }]);
      await dateNewRun('2026-06-15T12:00:00.000Z');
      // Right after, and up to 2:59:59 am the next night: not due.
      expect(await due('2026-06-15T12:01:00.000Z')).toBe(false);
      expect(await due('2026-06-16T06:59:59.999Z')).toBe(false);
      expect(counter.calls).toBe(1);
      // 3 am EDT (07:00Z): due again, once.
      expect(await due('2026-06-16T07:00:00.000Z')).toBe(true);
      expect(counter.calls).toBe(2);
      await dateNewRun('2026-06-16T07:00:30.000Z');
      expect(await due('2026-06-16T07:05:00.000Z')).toBe(false);
      expect(counter.calls).toBe(2);
      // A backup asked for before 3 am is not that night's.
      await backups.backup('asked');
      await dateNewRun('2026-06-17T06:00:00.000Z');
      expect(await due('2026-06-17T06:30:00.000Z')).toBe(false);
      expect(await due('2026-06-17T07:00:00.000Z')).toBe(true);
      expect(counter.calls).toBe(4);
      await dateNewRun('2026-06-17T07:00:10.000Z');
      // In winter (EST), 3 am is 08:00Z.
      expect(await due('2026-12-01T07:59:59.000Z')).toBe(true);
      await dateNewRun('2026-12-01T07:59:59.000Z');
      expect(await due('2026-12-01T07:59:59.500Z')).toBe(false);
      expect(await due('2026-12-01T08:00:00.000Z')).toBe(true);
      expect(counter.calls).toBe(6);
      expect((await runs()).map((run) => run.reason)).toEqual(['nightly', 'nightly', 'asked', 'nightly', 'nightly', 'nightly']);
      expect(backupsIn(own)).toHaveLength(3);
    });

    it('after a failed nightly backup, tries again an hour later, not sooner', async () => {
      let calls = 0;
      const { backups, dir: own } = service(async () => {
        calls += 1;
        throw new Error(`dump ${calls} failed`);
      });
      const due = (iso: string) => backups.backupIfDue(new Date(iso));
      // The failure is recorded, not thrown.
      expect(await due('2026-06-15T12:00:00.000Z')).toBe(true);
      expect(calls).toBe(1);
      expect(await backupErrors()).toEqual([{ errorMessage: 'The nightly backup failed: dump 1 failed', source: 'server' }]);
      await dateNewRun('2026-06-15T12:00:00.000Z');
      expect((await backups.status()).lastFailure).toEqual({ at: '2026-06-15T12:00:00.000Z', error: 'dump 1 failed' });
      expect(await due('2026-06-15T12:30:00.000Z')).toBe(false);
      expect(await due('2026-06-15T12:59:59.999Z')).toBe(false);
      expect(calls).toBe(1);
      expect(await due('2026-06-15T13:00:00.000Z')).toBe(true);
      expect(calls).toBe(2);
      await dateNewRun('2026-06-15T13:00:00.000Z');
      expect(await due('2026-06-15T13:01:00.000Z')).toBe(false);
      expect(calls).toBe(2);
      expect(readdirSync(own)).toEqual([]);
      expect((await runs()).map((run) => run.status)).toEqual(['failed', 'failed']);
      expect(await backupErrors()).toHaveLength(2);
    });

    it('clears what a backup cut short left behind when it starts, and lists the backups already there', () => {
      const own = folder();
      writeFileSync(path.join(own, '.techhelp-20260101-030000.tar.gz.4242.partial'), 'half an archive');
      writeFileSync(path.join(own, 'techhelp-20260101-030000.tar.gz'), 'a whole one');
      writeFileSync(path.join(own, 'notes.txt'), 'mine');
      const { backups } = service(database.dump, { BACKUP_DIR: own });
      expect(readdirSync(own).sort()).toEqual(['notes.txt', 'techhelp-20260101-030000.tar.gz']);
      return expect(backups.status()).resolves.toMatchObject({ files: [{ fileName: 'techhelp-20260101-030000.tar.gz', bytes: 11 }] });
    });

    it('takes the nightly backup by itself once started, with BACKUP_NIGHTLY on', async () => {
      const own = folder();
      const nightly = await buildApp({
        config: testConfig({ DATA_DIR: folder(), BACKUP_DIR: own, BACKUP_KEEP: '3' }),
        db: database.db,
        listen: database.listen,
        logger: false,
        dump: database.dump,
        webRoot: inject('testWebRoot') || undefined,
      });
      try {
        await nightly.ready();
        await vi.waitFor(async () => expect(await runs()).toMatchObject([{ reason: 'nightly', status: 'ok' }]), { timeout: 10_000 });
        expect(backupsIn(own)).toHaveLength(1);
      } finally {
        await nightly.close();
      }
    });
  });
});
