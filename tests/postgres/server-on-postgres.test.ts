import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/server/data-dir-lock.ts';
import { errorLog } from '../../src/server/db/schema.ts';
import { createTestDatabase, requirePostgres } from '../support/database.ts';
import { startServer } from '../support/server-process.ts';

/** With DATABASE_URL the same server runs on a PostgreSQL server: this part runs in the PostgreSQL pass of CI. */
requirePostgres();

describe('the server process on PostgreSQL', () => {
  it('applies the migrations, answers, and takes no DATA_DIR lock (PostgreSQL guards itself)', async () => {
    const database = await createTestDatabase();
    const url = database.url ?? '';
    const server = await startServer({ env: { DATABASE_URL: url } });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(existsSync(path.join(server.dataDir, LOCK_FILE_NAME))).toBe(false);
      const report = await fetch(`${server.url}/api/errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ errorMessage: 'stored in PostgreSQL', componentName: 'test' }),
      });
      expect(report.status).toBe(204);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    try {
      expect((await database.db.select().from(errorLog)).map((row) => row.errorMessage)).toEqual(['stored in PostgreSQL']);
    } finally {
      await database.destroy();
    }
  });
});
