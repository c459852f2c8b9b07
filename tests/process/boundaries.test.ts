import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findViolations, formatViolation, readSourceFiles, type SourceFile } from '../../scripts/boundaries.ts';
import { temporaryDirectory } from '../support/config.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

describe('the boundary script', () => {
  const rulesOf = (files: SourceFile[]) => findViolations(files).map((violation) => formatViolation(violation));

  it("reports a feature that imports another feature's files, by relative or root path", () => {
    expect(
      rulesOf([
        {
          path: 'src/web/features/admin/components/paid-list.tsx',
          text: "import { Button } from 'react-bootstrap';\nimport { usePay } from '../../payments/api/pay.ts';\n",
        },
        { path: 'src/web/features/chat/pages/chat-page.tsx', text: "const page = import('/features/accounts/pages/login-page.tsx');\n" },
        {
          path: 'src/web/features/payments/api/pay.ts',
          text: "export {\n  useAppointments,\n} from '../../appointments/api/get-appointments.ts';\n",
        },
      ]),
    ).toEqual([
      'src/web/features/admin/components/paid-list.tsx:2 imports src/web/features/payments/api/pay.ts (feature-imports-feature)',
      'src/web/features/chat/pages/chat-page.tsx:1 imports src/web/features/accounts/pages/login-page.tsx (feature-imports-feature)',
      'src/web/features/payments/api/pay.ts:1 imports src/web/features/appointments/api/get-appointments.ts (feature-imports-feature)',
    ]);
  });

  it('lets a feature import its own files, shared UI and shared code, and the router import any feature', () => {
    expect(
      rulesOf([
        {
          path: 'src/web/features/admin/pages/admin-page.tsx',
          text: [
            "import { AdminNav } from '../components/admin-nav.tsx';",
            "import { useConfirm } from '../../../components/confirm-dialog.tsx';",
            "import { apiFetch } from '../../../lib/api-client.ts';",
            "import type { AdminAppointment } from '../../../../shared/admin.ts';",
          ].join('\n'),
        },
        { path: 'src/web/app/routes/admin.tsx', text: "import { AdminPage } from '../../features/admin/pages/admin-page.tsx';\n" },
      ]),
    ).toEqual([]);
  });

  it('reports a query begun outside src/server/db and the queries files, on one line or across lines', () => {
    expect(
      rulesOf([
        {
          path: 'src/server/modules/appointments/appointment-service.ts',
          text: 'const [owner] = await tx.query.user.findMany({ limit: 1 });\nawait this.db.transaction(async () => {});\n',
        },
        { path: 'src/server/cli/admin.ts', text: 'const updated = await database.db\n  .update(user)\n  .set({ isAdmin: true });\n' },
        { path: 'src/server/modules/health/health-routes.ts', text: 'await app.db.execute(sql`select 1`);\n' },
      ]),
    ).toEqual([
      'src/server/cli/admin.ts:1 calls db.update (query-outside-queries-file)',
      'src/server/modules/appointments/appointment-service.ts:1 calls tx.query (query-outside-queries-file)',
      'src/server/modules/health/health-routes.ts:1 calls db.execute (query-outside-queries-file)',
    ]);
  });

  it('lets the queries files and src/server/db query', () => {
    expect(
      rulesOf([
        { path: 'src/server/modules/payments/payment-queries.ts', text: 'return db.select().from(payments);\n' },
        { path: 'src/server/db/rate-limit-queries.ts', text: 'await db.delete(rateLimits);\n' },
        { path: 'src/server/db/client.ts', text: 'await db.execute(sql`select 1`);\n' },
      ]),
    ).toEqual([]);
  });

  it("reports a server file that imports another module's queries file", () => {
    expect(
      rulesOf([
        {
          path: 'src/server/modules/admin/admin-service.ts',
          text: "import { updateAppointment } from '../appointments/appointment-queries.ts';\n",
        },
        {
          path: 'src/server/modules/payments/payment-service.ts',
          text: "import { listAdminEmails } from '../accounts/account-queries.ts';\nimport { x } from './payment-queries.ts';\n",
        },
        { path: 'src/server/cli/admin.ts', text: "import { setAdminByEmail } from '../modules/accounts/account-queries.ts';\n" },
        { path: 'src/server/app.ts', text: "export { findPayment } from './modules/payments/payment-queries.ts';\n" },
      ]),
    ).toEqual([
      'src/server/app.ts:1 imports src/server/modules/payments/payment-queries.ts (queries-of-another-module)',
      'src/server/cli/admin.ts:1 imports src/server/modules/accounts/account-queries.ts (queries-of-another-module)',
      'src/server/modules/admin/admin-service.ts:1 imports src/server/modules/appointments/appointment-queries.ts (queries-of-another-module)',
      'src/server/modules/payments/payment-service.ts:1 imports src/server/modules/accounts/account-queries.ts (queries-of-another-module)',
    ]);
  });

  it("lets a module import its own queries and another module's face", () => {
    expect(
      rulesOf([
        {
          path: 'src/server/modules/payments/payment-service.ts',
          text: "import { findPayment } from './payment-queries.ts';\nimport { readAppointment } from '../appointments/index.ts';\n",
        },
        { path: 'src/server/cli/admin.ts', text: "import { allAdminEmails } from '../modules/accounts/index.ts';\n" },
        { path: 'src/server/plugins/rate-limit-store.ts', text: "import { countAttempt } from '../db/rate-limit-queries.ts';\n" },
      ]),
    ).toEqual([]);
  });

  it("reports a server file outside a module that imports the module's files other than its index.ts", () => {
    expect(
      rulesOf([
        {
          path: 'src/server/modules/payments/capture.ts',
          text: "import { profileOf } from '../accounts/index.ts';\nimport { readAppointment } from '../appointments/appointment-service.ts';\n",
        },
        {
          path: 'src/server/modules/privacy/privacy-service.ts',
          text: "import type { AccountService } from '../accounts/account-service.ts';\nexport {\n  recordHistory,\n} from '../history/history-service';\n",
        },
        { path: 'src/server/app.ts', text: "import { AdminService } from './modules/admin/admin-service.ts';\n" },
        { path: 'src/server/main.ts', text: "const { buildApp } = await import('./modules/health/health-routes.ts');\n" },
        { path: 'src/server/cli/backup.ts', text: "import { listBackups } from '../modules/backups/backup-files.ts';\n" },
        { path: 'src/server/types.d.ts', text: "import type { ErrorRecorder } from './modules/error-log/error-log-service.ts';\n" },
      ]),
    ).toEqual([
      'src/server/app.ts:1 imports src/server/modules/admin/admin-service.ts (internals-of-another-module)',
      'src/server/cli/backup.ts:1 imports src/server/modules/backups/backup-files.ts (internals-of-another-module)',
      'src/server/main.ts:1 imports src/server/modules/health/health-routes.ts (internals-of-another-module)',
      'src/server/modules/payments/capture.ts:2 imports src/server/modules/appointments/appointment-service.ts (internals-of-another-module)',
      'src/server/modules/privacy/privacy-service.ts:1 imports src/server/modules/accounts/account-service.ts (internals-of-another-module)',
      'src/server/modules/privacy/privacy-service.ts:2 imports src/server/modules/history/history-service (internals-of-another-module)',
      'src/server/types.d.ts:1 imports src/server/modules/error-log/error-log-service.ts (internals-of-another-module)',
    ]);
  });

  it("lets a file import another module's index.ts, a module's own files import each other, and a test import any file", () => {
    expect(
      rulesOf([
        { path: 'src/server/app.ts', text: "import { AdminService, adminRoutes } from './modules/admin/index.ts';\n" },
        { path: 'src/server/cli/admin.ts', text: "import { allAdminEmails } from '../modules/accounts/index.ts';\n" },
        {
          path: 'src/server/modules/payments/refunds.ts',
          text: "import type { Payment } from '../appointments/index.ts';\nimport { CLAIM_TIMEOUT_MS } from './payment-context.ts';\n",
        },
        {
          path: 'src/server/modules/payments/index.ts',
          text: "export { PaymentService } from './payment-service.ts';\nexport type { Refund } from './refunds';\n",
        },
        {
          path: 'src/server/modules/accounts/account-service.test.ts',
          text: "import { readAppointment } from '../appointments/appointment-service.ts';\n",
        },
      ]),
    ).toEqual([]);
  });

  it("reports a module's index.ts that re-exports another module's things", () => {
    expect(
      rulesOf([
        {
          path: 'src/server/modules/payments/index.ts',
          text: "export { PaymentService } from './payment-service.ts';\nexport { readAppointment } from '../appointments/index.ts';\nexport type * from '../../db/schema.ts';\n",
        },
      ]),
    ).toEqual([
      'src/server/modules/payments/index.ts:2 imports src/server/modules/appointments/index.ts (index-re-exports-another-module)',
      'src/server/modules/payments/index.ts:3 imports src/server/db/schema.ts (index-re-exports-another-module)',
    ]);
  });

  /** The real schema (schema.ts and the files of schema/ it gathers), as a table rule's fixture, changed by `edit`. */
  const schema = (edit: (text: string) => string = (text) => text): SourceFile[] =>
    ['src/server/db/schema.ts', ...readdirSync(path.join(ROOT, 'src/server/db/schema')).map((name) => `src/server/db/schema/${name}`)].map(
      (file) => ({ path: file, text: edit(readFileSync(path.join(ROOT, file), 'utf8')) }),
    );

  it("reports a module's queries that use another module's table: imported, through the namespace, or named in SQL", () => {
    expect(
      rulesOf([
        ...schema(),
        {
          path: 'src/server/modules/reviews/review-queries.ts',
          text: [
            "import { eq, sql } from 'drizzle-orm';",
            "import { appointments, type ReviewRow, reviews } from '../../db/schema.ts';",
            'export const jobOf = (db: Executor, id: string) => db.select().from(appointments).where(eq(appointments.id, id));',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a queries file, its sql template included
            'export const paid = (db: Executor) => db.execute(sql`select count(*) from ${reviews} join payment_orders o on o.id = ${reviews.id}`);',
            'export const owner = (db: Executor) => db.query.user.findFirst();',
          ].join('\n'),
        },
        {
          path: 'src/server/modules/backups/backup-queries.ts',
          text: "import * as schema from '../../db/schema.ts';\nawait db.delete(schema.auditLog);\nconst handle = drizzle({ client, schema });\n",
        },
        { path: 'src/server/modules/accounts/account-service.ts', text: "import { rateLimits } from '../../db/schema.ts';\n" },
      ]),
    ).toEqual([
      'src/server/modules/accounts/account-service.ts:1 uses table rateLimits of db (table-of-another-module)',
      'src/server/modules/backups/backup-queries.ts:2 uses table auditLog of history (table-of-another-module)',
      'src/server/modules/reviews/review-queries.ts:2 uses table appointments of appointments (table-of-another-module)',
      'src/server/modules/reviews/review-queries.ts:4 uses table paymentOrders of payments (table-of-another-module)',
      'src/server/modules/reviews/review-queries.ts:5 uses table user of accounts (table-of-another-module)',
    ]);
  });

  it('lets a module use its own tables, src/server/db name any table, and a file import the row types', () => {
    expect(
      rulesOf([
        ...schema(),
        {
          path: 'src/server/modules/reviews/review-queries.ts',
          text: [
            "import { sql } from 'drizzle-orm';",
            "import { type ReviewRow, reviews } from '../../db/schema.ts';",
            '// Rows of reviews, one per job: never read from appointments here.',
            'export const all = (db: Executor) => db.select().from(reviews);',
            'export const answered = (db: Executor) => db.execute(sql`select * from reviews where answered_at < now()`);',
          ].join('\n'),
        },
        {
          path: 'src/server/modules/reviews/review-service.ts',
          text: "import type { AppointmentRow, appointments } from '../../db/schema.ts';\n",
        },
        {
          path: 'src/server/db/rate-limit-queries.ts',
          text: "import { appointments, rateLimits } from './schema.ts';\nawait db.execute(sql`delete from rate_limits`);\n",
        },
        {
          path: 'src/server/modules/payments/payment-queries.ts',
          text: "import { invoiceCounter, paymentOrders } from '../../db/schema.ts';\n",
        },
      ]),
    ).toEqual([]);
  });

  it('reports a table of the schema that has no owner, and an owner kept for a table the schema no longer has', () => {
    expect(
      rulesOf(
        schema((text) =>
          text.startsWith('/**')
            ? `${text}\nexport const widgets = pgTable(\n  'widgets',\n  { id: uuid('id').primaryKey() },\n);\n`
            : text,
        ),
      ),
    ).toEqual([expect.stringMatching(/^src\/server\/db\/schema\.ts:\d+ declares widgets \(table-without-owner\)$/)]);
    expect(rulesOf(schema((text) => text.replace('export const invoiceCounter = pgTable(', 'const invoiceCounter = pgTable(')))).toEqual([
      'scripts/boundaries.ts:1 names invoiceCounter (owner-of-no-table)',
    ]);
  });

  it("reports an appointments file other than the job's life cycle that imports the queries writing a job", () => {
    expect(
      rulesOf([
        {
          path: 'src/server/modules/appointments/appointment-service.ts',
          text: "import {\n  findAppointment,\n  updateAppointment as write,\n} from './appointment-queries.ts';\nimport { insertAppointment } from './appointment-queries';\n",
        },
        {
          path: 'src/server/modules/appointments/appointment-lifecycle.ts',
          text: "import { insertAppointment, updateAppointment } from './appointment-queries.ts';\n",
        },
        {
          path: 'src/server/modules/appointments/appointment-routes.ts',
          text: "import { findAppointment } from './appointment-queries.ts';\n",
        },
      ]),
    ).toEqual([
      'src/server/modules/appointments/appointment-service.ts:1 imports updateAppointment (appointment-written-outside-lifecycle)',
      'src/server/modules/appointments/appointment-service.ts:5 imports insertAppointment (appointment-written-outside-lifecycle)',
    ]);
  });

  it('finds nothing in the real tree', () => {
    expect(rulesOf(readSourceFiles(ROOT))).toEqual([]);
  });
});

type BiomeDiagnostic = { category: string; message: string; location: { path: string } };

/** Biome's import restrictions on the given files, linted with the project's biome.json in a scratch folder. */
function restrictedImports(cwd: string, paths: string[]): Map<string, string[]> {
  const result = spawnSync(BIOME, ['lint', '--reporter=json', '--only=style/noRestrictedImports', ...paths], { cwd, encoding: 'utf8' });
  const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: BiomeDiagnostic[] };
  const found = new Map<string, string[]>();
  for (const diagnostic of diagnostics) {
    expect(diagnostic.category).toBe('lint/style/noRestrictedImports');
    found.set(diagnostic.location.path, [...(found.get(diagnostic.location.path) ?? []), diagnostic.message]);
  }
  return found;
}

describe("Biome's import restrictions (biome.json)", () => {
  const scratch = temporaryDirectory('techhelp-boundaries-');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const SQL = 'SQL lives only in src/server/db and *-queries.ts files';
  const SERVER_TO_WEB = 'the server never imports browser code';
  const WEB_TO_SERVER = 'the browser app never imports server code';
  const SHARED = 'src/shared imports nothing from server or web';
  const PLUGIN = 'a plugin never imports a module';

  /** Each misplaced import, in a file where it would be, and what Biome must say of it. */
  const misplaced: Record<string, { text: string; messages: string[] }> = {
    'src/server/plugins/session.ts': { text: "import type { Auth } from '../modules/accounts/auth.ts';\n", messages: [PLUGIN] },
    'src/server/modules/appointments/appointment-service.ts': {
      text: "import { eq } from 'drizzle-orm';\nimport { sql } from 'drizzle-orm/sql';\n",
      messages: [SQL, SQL],
    },
    'src/server/cli/admin.ts': { text: "import { eq } from 'drizzle-orm';\n", messages: [SQL] },
    'src/server/modules/health/health-routes.ts': {
      text: "import { apiFetch } from '../../../web/lib/api-client.ts';\n",
      messages: [SERVER_TO_WEB],
    },
    'src/server/modules/payments/payment-queries.ts': {
      text: "import { useQuery } from '../../../web/lib/query.ts';\n",
      messages: [SERVER_TO_WEB],
    },
    'src/web/features/admin/pages/admin-page.tsx': {
      text: "import { buildApp } from '../../../../server/app.ts';\nimport { eq } from 'drizzle-orm';\n",
      messages: [WEB_TO_SERVER, SQL],
    },
    'src/shared/admin.ts': {
      text: "import type { Config } from '../server/config.ts';\nimport { apiFetch } from '../web/lib/api-client.ts';\nimport { sql } from 'drizzle-orm';\n",
      messages: [SHARED, SHARED, SQL],
    },
  };
  /** Imports in their right places. */
  const allowed: Record<string, string> = {
    'src/server/modules/accounts/account-queries.ts':
      "import { eq } from 'drizzle-orm';\nimport type { Executor } from '../../db/client.ts';\n",
    'src/server/db/client.ts': "import { drizzle } from 'drizzle-orm/pglite';\n",
    'src/server/app.ts':
      "import { adminRoutes } from './modules/admin/admin-routes.ts';\nimport { sessionPlugin } from './plugins/session.ts';\n",
    'src/server/modules/admin/admin-routes.ts': "import { requireAdmin } from '../../plugins/session.ts';\n",
    'src/web/features/admin/api/get-paid.ts':
      "import type { PaidList } from '../../../../shared/admin.ts';\nimport { apiFetch } from '../../../lib/api-client.ts';\n",
  };

  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries({
    ...Object.fromEntries(Object.entries(misplaced).map(([file, { text }]) => [file, text])),
    ...allowed,
  })) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }

  it('refuses each misplaced import, with its reason', () => {
    const found = restrictedImports(scratch, Object.keys(misplaced));
    for (const [file, { messages }] of Object.entries(misplaced)) {
      expect({ file, messages: found.get(file) ?? [] }).toEqual({
        file,
        messages: messages.map((message) => expect.stringContaining(message)),
      });
    }
  });

  it('accepts the imports in their right places', () => {
    expect(restrictedImports(scratch, Object.keys(allowed))).toEqual(new Map());
  });

  it('finds nothing in the real tree', () => {
    expect(restrictedImports(ROOT, ['src'])).toEqual(new Map());
  });
});
