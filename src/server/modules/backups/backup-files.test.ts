import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_FILE_PATTERN, backupFileName, listBackups, pruneBackups, removePartials, writeAtomically } from './backup-files.ts';
import { lastDueMoment } from './backup-service.ts';

/**
 * The backup files (decision 023): their names, the atomic write, the listing, the pruning and the clean-up of
 * what a cut-short backup left; and the moment the nightly backup is due, across New York's daylight-saving changes.
 */

const made: string[] = [];
/** A fresh, empty folder of our own, removed after the test. */
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'techhelp-backup-files-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Files named `names` in `dir`, each holding its own name (so sizes differ). */
function touch(dir: string, ...names: string[]): void {
  for (const name of names) writeFileSync(path.join(dir, name), name);
}
const isPartial = (name: string) => /^\.techhelp-.*\.partial$/.test(name);

describe('backupFileName', () => {
  it('stamps the moment in UTC, zero-padded, as a .tar.gz unless told otherwise', () => {
    const dir = folder();
    expect(backupFileName(new Date('2026-11-24T20:35:12.345Z'), dir)).toBe('techhelp-20261124-203512.tar.gz');
    expect(backupFileName(new Date('2026-01-02T03:04:05.999Z'), dir)).toBe('techhelp-20260102-030405.tar.gz');
    // New York's evening is already the next day in UTC: the UTC day is the one in the name.
    expect(backupFileName(new Date('2026-12-31T23:59:59Z'), dir)).toBe('techhelp-20261231-235959.tar.gz');
    expect(backupFileName(new Date('2027-01-01T00:00:00Z'), dir, 'pgdump')).toBe('techhelp-20270101-000000.pgdump');
    // A folder that does not exist yet has no names taken.
    expect(backupFileName(new Date('2026-11-24T20:35:12Z'), path.join(dir, 'missing'))).toBe('techhelp-20261124-203512.tar.gz');
  });

  it('adds -2, -3… when that second is taken already, per extension', () => {
    const dir = folder();
    const at = new Date('2026-11-24T20:35:12Z');
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const name = backupFileName(at, dir);
      names.push(name);
      touch(dir, name);
    }
    expect(names).toEqual([
      'techhelp-20261124-203512.tar.gz',
      'techhelp-20261124-203512-2.tar.gz',
      'techhelp-20261124-203512-3.tar.gz',
      'techhelp-20261124-203512-4.tar.gz',
    ]);
    for (const name of names) expect(name).toMatch(BACKUP_FILE_PATTERN);
    // The .tar.gz files do not take a .pgdump's name, nor another second's.
    expect(backupFileName(at, dir, 'pgdump')).toBe('techhelp-20261124-203512.pgdump');
    expect(backupFileName(new Date('2026-11-24T20:35:13Z'), dir)).toBe('techhelp-20261124-203513.tar.gz');
  });
});

describe('writeAtomically', () => {
  it('writes the bytes exactly, readable by the owner only, and leaves no temporary file', () => {
    const dir = folder();
    const bytes = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17));
    const name = 'techhelp-20261124-203512.tar.gz';
    const file = writeAtomically(dir, name, bytes);
    expect(file).toBe(path.join(dir, name));
    expect(readdirSync(dir)).toEqual([name]);
    expect(Buffer.compare(readFileSync(file), Buffer.from(bytes))).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('makes the folder when it is missing, and writes an empty archive as an empty file', () => {
    const dir = path.join(folder(), 'nested', 'backups');
    const file = writeAtomically(dir, 'techhelp-20260101-000000.tar.gz', new Uint8Array());
    expect(readdirSync(dir)).toEqual(['techhelp-20260101-000000.tar.gz']);
    expect(statSync(file).size).toBe(0);
  });

  it('refuses, leaving no backup by that name, when its temporary file is there already', () => {
    const dir = folder();
    const name = 'techhelp-20261124-203512.tar.gz';
    // Another writer's temporary file of the same name (same pid): it is neither used nor overwritten.
    const partial = `.${name}.${process.pid}.partial`;
    writeFileSync(path.join(dir, partial), 'someone else');
    expect(() => writeAtomically(dir, name, new Uint8Array([1, 2, 3]))).toThrow(/EEXIST/);
    expect(existsSync(path.join(dir, name))).toBe(false);
    expect(readdirSync(dir)).toEqual([partial]);
    expect(readFileSync(path.join(dir, partial), 'utf8')).toBe('someone else');
    expect(listBackups(dir)).toEqual([]);
  });

  it('leaves no file with a backup’s name when the write fails after some bytes are down', () => {
    const dir = folder();
    const name = 'techhelp-20261124-203512.tar.gz';
    // An archive that fails once its first chunk is written: `length` is read for the loop's test, for the chunk's
    // size, then for the loop's test again (the third read, after writeSync wrote the bytes), which throws.
    // (Node's writeSync itself reads byteLength, not length.)
    class FailingArchive extends Uint8Array {
      reads = 0;
      override get length(): number {
        this.reads += 1;
        if (this.reads > 2) throw new Error('the disk went away');
        return this.byteLength;
      }
    }
    const bytes = new FailingArchive(64 * 1024);
    expect(() => writeAtomically(dir, name, bytes)).toThrow('the disk went away');
    expect(bytes.reads).toBe(3);
    expect(existsSync(path.join(dir, name))).toBe(false);
    expect(listBackups(dir)).toEqual([]);
    // At most a temporary file is left, which is never taken for a backup and which removePartials clears.
    const left = readdirSync(dir);
    expect(left.every(isPartial)).toBe(true);
    expect(removePartials(dir)).toEqual(left);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('replaces nothing else in the folder', () => {
    const dir = folder();
    touch(dir, 'techhelp-20260101-000000.tar.gz', 'notes.txt');
    writeAtomically(dir, 'techhelp-20260102-000000.tar.gz', new Uint8Array([7]));
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'techhelp-20260101-000000.tar.gz', 'techhelp-20260102-000000.tar.gz']);
    expect(readFileSync(path.join(dir, 'techhelp-20260101-000000.tar.gz'), 'utf8')).toBe('techhelp-20260101-000000.tar.gz');
  });
});

describe('listBackups', () => {
  it('lists the backups newest first, with their paths and sizes, and nothing else', () => {
    const dir = folder();
    touch(
      dir,
      'techhelp-20260102-000000.tar.gz',
      'techhelp-20251231-235959.tar.gz',
      'techhelp-20260103-120000.pgdump',
      'techhelp-20260102-000001.tar.gz',
      // Not backups: partials, other names, near misses.
      '.techhelp-20260104-000000.tar.gz.4242.partial',
      'notes.txt',
      '.keep',
      'techhelp-2026-01-04.tar.gz',
      'techhelp-20260104-000000.tar',
      'techhelp-20260104-000000.tar.gz.bak',
      'techhelp-20260104-0000.tar.gz',
      'old-techhelp-20260104-000000.tar.gz',
      'techhelp-20260104-000000-.tar.gz',
    );
    mkdirSync(path.join(dir, 'archive'));
    const listed = listBackups(dir);
    expect(listed.map((file) => file.name)).toEqual([
      'techhelp-20260103-120000.pgdump',
      'techhelp-20260102-000001.tar.gz',
      'techhelp-20260102-000000.tar.gz',
      'techhelp-20251231-235959.tar.gz',
    ]);
    for (const file of listed) {
      expect(file.path).toBe(path.join(dir, file.name));
      expect(file.bytes).toBe(Buffer.byteLength(file.name));
      expect(file.takenAt).toBeInstanceOf(Date);
    }
  });

  it('orders the suffixes of one second by number (-10 after -9)', () => {
    const dir = folder();
    touch(dir, 'techhelp-20260101-000000-2.tar.gz', 'techhelp-20260101-000000-10.tar.gz', 'techhelp-20260101-000000-9.tar.gz');
    expect(listBackups(dir).map((file) => file.name)).toEqual([
      'techhelp-20260101-000000-10.tar.gz',
      'techhelp-20260101-000000-9.tar.gz',
      'techhelp-20260101-000000-2.tar.gz',
    ]);
  });

  // Was a bug (backup-files.ts, listBackups' sort): `localeCompare(…, { numeric: true })` puts '-' before '.', so the
  // unsuffixed first backup of a second (…-000000.tar.gz) sorts as newer than its own -2, -3… that came after it.
  it('puts the first backup of a second after the -2, -3 taken later in that second', () => {
    const dir = folder();
    touch(dir, 'techhelp-20260101-000000.tar.gz', 'techhelp-20260101-000000-2.tar.gz', 'techhelp-20260101-000000-3.tar.gz');
    expect(listBackups(dir).map((file) => file.name)).toEqual([
      'techhelp-20260101-000000-3.tar.gz',
      'techhelp-20260101-000000-2.tar.gz',
      'techhelp-20260101-000000.tar.gz',
    ]);
  });

  it('finds none in an empty or missing folder', () => {
    const dir = folder();
    expect(listBackups(dir)).toEqual([]);
    expect(listBackups(path.join(dir, 'missing'))).toEqual([]);
  });
});

describe('pruneBackups', () => {
  const FIVE = [
    'techhelp-20260101-030000.tar.gz',
    'techhelp-20260102-030000.tar.gz',
    'techhelp-20260103-030000.tar.gz',
    'techhelp-20260103-150000.pgdump',
    'techhelp-20260104-030000.tar.gz',
  ];
  const OTHERS = ['notes.txt', '.techhelp-20260105-030000.tar.gz.99.partial'];
  const withFive = () => {
    const dir = folder();
    touch(dir, ...FIVE, ...OTHERS);
    return dir;
  };
  const left = (dir: string) => readdirSync(dir).sort();

  it('keeps the newest one', () => {
    const dir = withFive();
    expect(pruneBackups(dir, 1)).toEqual([
      'techhelp-20260103-150000.pgdump',
      'techhelp-20260103-030000.tar.gz',
      'techhelp-20260102-030000.tar.gz',
      'techhelp-20260101-030000.tar.gz',
    ]);
    expect(left(dir)).toEqual([...OTHERS, 'techhelp-20260104-030000.tar.gz'].sort());
  });

  it('keeps the newest three', () => {
    const dir = withFive();
    expect(pruneBackups(dir, 3)).toEqual(['techhelp-20260102-030000.tar.gz', 'techhelp-20260101-030000.tar.gz']);
    expect(listBackups(dir).map((file) => file.name)).toEqual([
      'techhelp-20260104-030000.tar.gz',
      'techhelp-20260103-150000.pgdump',
      'techhelp-20260103-030000.tar.gz',
    ]);
    expect(left(dir)).toHaveLength(5);
  });

  it('deletes nothing when there are no more than it keeps', () => {
    const dir = withFive();
    expect(pruneBackups(dir, 5)).toEqual([]);
    expect(pruneBackups(dir, 14)).toEqual([]);
    expect(left(dir)).toEqual([...FIVE, ...OTHERS].sort());
    expect(pruneBackups(path.join(dir, 'missing'), 1)).toEqual([]);
  });

  // Was a bug (backup-files.ts: listBackups' sort, and backupFileName reusing a freed suffix): several backups in one
  // second (`npm run backup` twice, or a nightly run and an asked one) are pruned in the wrong order. With KEEP=3,
  // the 4th backup of a second prunes -2 instead of the unsuffixed first one; the 5th is then named -2 again and is
  // deleted by its own prune, right after being written, while the oldest survives.
  it('never deletes the backup it has just written, however many are taken in one second', () => {
    const dir = folder();
    const at = new Date('2026-11-24T20:35:12Z');
    const written: string[] = [];
    // What BackupService.take does for each backup: name, write, prune.
    for (let i = 0; i < 5; i++) {
      const name = backupFileName(at, dir);
      writeAtomically(dir, name, new Uint8Array([i]));
      pruneBackups(dir, 3);
      written.push(name);
      expect(existsSync(path.join(dir, name))).toBe(true);
    }
    expect(new Set(written).size).toBe(5);
  });
});

describe('removePartials', () => {
  it('removes only what a cut-short backup left, and says which', () => {
    const dir = folder();
    const partials = ['.techhelp-20260101-030000.tar.gz.123.partial', '.techhelp-20260102-030000-2.pgdump.9.partial'];
    const kept = [
      'techhelp-20260101-030000.tar.gz',
      '.keep',
      '.techhelp-notes',
      'techhelp-20260101-030000.tar.gz.partial',
      'notes.partial',
    ];
    touch(dir, ...partials, ...kept);
    expect(removePartials(dir).sort()).toEqual([...partials].sort());
    expect(readdirSync(dir).sort()).toEqual([...kept].sort());
    expect(removePartials(dir)).toEqual([]);
    expect(removePartials(path.join(dir, 'missing'))).toEqual([]);
  });
});

describe('lastDueMoment', () => {
  const due = (now: string, hour: number) => lastDueMoment(new Date(now), hour).toISOString();

  it('is today’s hour from that hour on, yesterday’s before it (summer, EDT = UTC-4)', () => {
    // 03:00 EDT on June 15 is 07:00Z.
    expect(due('2026-06-15T07:00:00.000Z', 3)).toBe('2026-06-15T07:00:00.000Z');
    expect(due('2026-06-15T07:00:00.001Z', 3)).toBe('2026-06-15T07:00:00.000Z');
    expect(due('2026-06-15T06:59:59.999Z', 3)).toBe('2026-06-14T07:00:00.000Z');
    expect(due('2026-06-15T20:00:00.000Z', 3)).toBe('2026-06-15T07:00:00.000Z');
  });

  it('is today’s hour from that hour on, yesterday’s before it (winter, EST = UTC-5)', () => {
    expect(due('2026-01-15T08:00:00.000Z', 3)).toBe('2026-01-15T08:00:00.000Z');
    expect(due('2026-01-15T07:59:59.999Z', 3)).toBe('2026-01-14T08:00:00.000Z');
  });

  it('goes by New York’s day, not UTC’s, around midnight', () => {
    // Midnight in New York (00:00 EDT June 15 = 04:00Z): before 3 am, so still June 14's.
    expect(due('2026-06-15T04:00:00.000Z', 3)).toBe('2026-06-14T07:00:00.000Z');
    // A minute before New York's midnight.
    expect(due('2026-06-15T03:59:00.000Z', 3)).toBe('2026-06-14T07:00:00.000Z');
    // UTC midnight is 8 pm on June 14 in New York.
    expect(due('2026-06-15T00:00:00.000Z', 3)).toBe('2026-06-14T07:00:00.000Z');
    // BACKUP_HOUR=0: due at New York's midnight itself.
    expect(due('2026-06-15T04:00:00.000Z', 0)).toBe('2026-06-15T04:00:00.000Z');
    expect(due('2026-06-15T03:59:59.999Z', 0)).toBe('2026-06-14T04:00:00.000Z');
    // BACKUP_HOUR=23: 22:59 EDT June 14 is before June 14's 23:00 (= 03:00Z June 15), so June 13's.
    expect(due('2026-06-15T02:59:00.000Z', 23)).toBe('2026-06-14T03:00:00.000Z');
    expect(due('2026-06-15T03:00:00.000Z', 23)).toBe('2026-06-15T03:00:00.000Z');
    // Across a year's end (EST).
    expect(due('2027-01-01T07:59:00.000Z', 3)).toBe('2026-12-31T08:00:00.000Z');
    expect(due('2027-01-01T08:00:00.000Z', 3)).toBe('2027-01-01T08:00:00.000Z');
  });

  it('is right on the day clocks spring forward (2026-03-08, 2:00 EST becomes 3:00 EDT at 07:00Z)', () => {
    // 01:59 EST: before 3 am, so March 7's 3 am, still EST (08:00Z).
    expect(due('2026-03-08T06:59:00.000Z', 3)).toBe('2026-03-07T08:00:00.000Z');
    // 03:00 EDT is 07:00Z: an hour earlier in UTC than the day before.
    expect(due('2026-03-08T07:00:00.000Z', 3)).toBe('2026-03-08T07:00:00.000Z');
    expect(due('2026-03-08T07:30:00.000Z', 3)).toBe('2026-03-08T07:00:00.000Z');
    // The next day, 02:59 EDT: still March 8's.
    expect(due('2026-03-09T06:59:00.000Z', 3)).toBe('2026-03-08T07:00:00.000Z');
    expect(due('2026-03-09T07:00:00.000Z', 3)).toBe('2026-03-09T07:00:00.000Z');
    // BACKUP_HOUR=2 does not exist on March 8: it is due when the clocks jump (03:00 EDT = 2:00 EST = 07:00Z).
    expect(due('2026-03-08T12:00:00.000Z', 2)).toBe('2026-03-08T07:00:00.000Z');
    expect(due('2026-03-09T05:59:00.000Z', 2)).toBe('2026-03-08T07:00:00.000Z');
    expect(due('2026-03-09T06:00:00.000Z', 2)).toBe('2026-03-09T06:00:00.000Z');
  });

  // Was a bug (backup-service.ts, lastDueMoment): when today's BACKUP_HOUR falls in the spring-forward gap (hour 2 on
  // 2026-03-08), TZDate moves it to 03:00; stepping back a day with setDate keeps that 03:00, so before 3 am on
  // March 8 the answer is March 7 at 03:00 EST (08:00Z) instead of 02:00 EST (07:00Z). A backup taken on March 7
  // between 2 and 3 am then does not count, and another is taken that night.
  it('steps back to yesterday’s hour itself when today’s falls in the spring-forward gap', () => {
    // 01:30 EST on March 8: today's 2 am (07:00Z) is still ahead, so March 7's 2 am EST.
    expect(due('2026-03-08T06:30:00.000Z', 2)).toBe('2026-03-07T07:00:00.000Z');
  });

  it('is right on the day clocks fall back (2026-11-01, 2:00 EDT becomes 1:00 EST at 06:00Z)', () => {
    // 01:30 EST (the second 1:30) is still before 3 am: October 31's 3 am EDT (07:00Z).
    expect(due('2026-11-01T06:30:00.000Z', 3)).toBe('2026-10-31T07:00:00.000Z');
    expect(due('2026-11-01T07:59:00.000Z', 3)).toBe('2026-10-31T07:00:00.000Z');
    // 03:00 EST is 08:00Z: an hour later in UTC than the day before.
    expect(due('2026-11-01T08:00:00.000Z', 3)).toBe('2026-11-01T08:00:00.000Z');
    expect(due('2026-11-02T07:59:00.000Z', 3)).toBe('2026-11-01T08:00:00.000Z');
    expect(due('2026-11-02T08:00:00.000Z', 3)).toBe('2026-11-02T08:00:00.000Z');
    // BACKUP_HOUR=1 happens twice on November 1 (05:00Z EDT, 06:00Z EST): the first one counts, so one backup
    // taken after it is that night's, and the second 1 am does not ask for another.
    expect(due('2026-11-01T04:59:00.000Z', 1)).toBe('2026-10-31T05:00:00.000Z');
    expect(due('2026-11-01T05:00:00.000Z', 1)).toBe('2026-11-01T05:00:00.000Z');
    expect(due('2026-11-01T06:30:00.000Z', 1)).toBe('2026-11-01T05:00:00.000Z');
    expect(due('2026-11-02T05:59:00.000Z', 1)).toBe('2026-11-01T05:00:00.000Z');
    expect(due('2026-11-02T06:00:00.000Z', 1)).toBe('2026-11-02T06:00:00.000Z');
  });

  it('is at or before now, within a day, and on the hour in New York, every half hour around both changes', () => {
    const wallClock = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const problems: string[] = [];
    for (const [from, to] of [
      ['2026-03-06T00:00:00Z', '2026-03-11T00:00:00Z'],
      ['2026-10-30T00:00:00Z', '2026-11-04T00:00:00Z'],
    ] as const) {
      for (let t = Date.parse(from); t < Date.parse(to); t += 30 * 60_000) {
        for (let hour = 0; hour < 24; hour++) {
          const now = new Date(t);
          const at = lastDueMoment(now, hour);
          const clock = wallClock.format(at);
          // 2 am does not exist on March 8: 3 am is when it is due.
          const expected =
            hour === 2 && at.toISOString() === '2026-03-08T07:00:00.000Z' ? '03:00:00' : `${String(hour).padStart(2, '0')}:00:00`;
          // Consecutive due moments are at most 25 hours apart (the fall-back day).
          if (at > now || now.getTime() - at.getTime() >= 25 * 3_600_000 || clock !== expected) {
            problems.push(`${now.toISOString()} hour ${hour}: ${at.toISOString()} (${clock})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
