// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupStatus } from '../../../../shared/backups.ts';
import { BackupLine } from './backup-notice.tsx';

const none: BackupStatus = { enabled: true, keep: 14, lastGood: null, lastFailure: null, files: [] };
const good = { at: '2026-11-28T08:00:00.000Z', fileName: 'techhelp-20261128-030000.pgdump', bytes: 2_400_000, copied: true };

function show(status: BackupStatus): string {
  const router = createMemoryRouter([{ path: '/', element: <BackupLine status={status} /> }]);
  render(<RouterProvider router={router} />);
  return document.querySelector('.backup-notice')?.textContent ?? '';
}

describe("the dashboard's backup line", () => {
  afterEach(cleanup);

  it('on the embedded database: the last good backup, copied, and how many are kept', () => {
    const text = show({
      ...none,
      lastGood: { ...good, fileName: 'techhelp-20261128-030000.tar.gz' },
      files: [{ fileName: 'a', bytes: 1 }],
    });
    expect(text).toBe('Last good backup: Saturday, November 28, 2026 at 03:00am (2.4 MB, copied off the machine). 1 of 14 kept.');
  });

  it("on PostgreSQL: npm run backup's recorded pg_dump, and how to take one", () => {
    const text = show({ ...none, enabled: false, lastGood: good });
    expect(text).toContain('Last good backup: Saturday, November 28, 2026 at 03:00am (2.4 MB, copied off the machine).');
    expect(text).not.toContain('kept');
    expect(text).toContain('This server uses PostgreSQL: back it up with npm run backup (pg_dump, from cron)');
  });

  it('on PostgreSQL: a failed pg_dump stands out, with the way to the error log; none recorded says so', () => {
    show({ ...none, enabled: false, lastFailure: { at: good.at, error: 'pg_dump exited with code 1: connection refused' } });
    expect(screen.getByRole('alert').textContent).toContain('The last backup failed');
    expect(screen.getByRole('alert').textContent).toContain('pg_dump exited with code 1: connection refused');
    expect(screen.getByRole('link', { name: 'See the error log.' }).getAttribute('href')).toBe('/errorlog');
    expect(document.querySelector('.backup-notice')?.textContent).toContain('No backup has been recorded yet.');
  });
});
