import { describe, expect, it } from 'vitest';
import { readSourceFiles } from '../../scripts/boundaries.ts';
import { cyclesOf, importGraph, longestChain, unitOf } from '../../scripts/import-graph.ts';

/**
 * The server's layers (issue 37), as scripts/import-graph.ts measures them. The real tree has no cycle between its
 * units, its longest chain from main.ts to db is at most 6 levels, and no server source file is over 500 lines.
 */
const MAX_LEVELS = 6;
/** Issue 37: a server file a newcomer can read whole. */
const MAX_FILE_LINES = 500;

const file = (path: string, ...imports: string[]) => ({ path, text: imports.map((to) => `import { x } from '${to}';\n`).join('') });

describe('the import graph', () => {
  it('names each unit: a module, db, a plugin, a top-level file; not tests or shared code', () => {
    expect(unitOf('src/server/modules/payments/capture.ts')).toBe('payments');
    expect(unitOf('src/server/db/client.ts')).toBe('db');
    expect(unitOf('src/server/plugins/session.ts')).toBe('plugins/session');
    expect(unitOf('src/server/app.ts')).toBe('app');
    expect(unitOf('src/server/modules/chat/scam-guard.test.ts')).toBeUndefined();
    expect(unitOf('src/shared/billing.ts')).toBeUndefined();
  });

  it('finds a cycle between modules, through any file of each, types included', () => {
    const graph = importGraph([
      file('src/server/modules/appointments/appointment-service.ts', '../payments/appointment-guard.ts'),
      file('src/server/modules/payments/appointment-guard.ts', '../reviews/review-service.ts'),
      {
        path: 'src/server/modules/reviews/review-service.ts',
        text: "import type { Row } from '../appointments/appointment-service.ts';\n",
      },
      file('src/server/modules/mail/mail-service.ts', '../../db/client.ts'),
    ]);
    expect(cyclesOf(graph)).toEqual([['appointments', 'payments', 'reviews']]);
  });

  it('measures the longest chain from main.ts to db, in edges', () => {
    const graph = importGraph([
      file('src/server/main.ts', './app.ts', './db/client.ts'),
      file('src/server/app.ts', './modules/admin/admin-service.ts'),
      file('src/server/modules/admin/admin-service.ts', '../payments/payment-service.ts', '../../db/client.ts'),
      file('src/server/modules/payments/payment-service.ts', '../../db/client.ts'),
    ]);
    expect(cyclesOf(graph)).toEqual([]);
    expect(longestChain(graph, 'main', 'db')).toEqual(['main', 'app', 'admin', 'payments', 'db']);
  });

  it('finds no server source file over 500 lines', () => {
    const long = readSourceFiles(process.cwd())
      .filter((file) => file.path.startsWith('src/server/') && !/\.test\.tsx?$/.test(file.path))
      .map((file) => ({ file: file.path, lines: file.text.split('\n').length - (file.text.endsWith('\n') ? 1 : 0) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it('finds no cycle in the real server, and no chain from main.ts to db longer than it is today', () => {
    const graph = importGraph(readSourceFiles(process.cwd()));
    expect(cyclesOf(graph)).toEqual([]);
    const chain = longestChain(graph, 'main', 'db');
    expect(chain?.[0]).toBe('main');
    expect((chain?.length ?? 0) - 1).toBeLessThanOrEqual(MAX_LEVELS);
  });
});
