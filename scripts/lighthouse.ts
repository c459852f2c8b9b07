/**
 * npm run lighthouse: Lighthouse (default mobile settings) on the public pages and the login page of the built
 * server, started on a temporary data directory, in the browser tests' Chromium (Debian's, else the one inside the
 * npm package @sparticuz/chromium; tests/support/browser.ts decides). Targets: performance at least 95,
 * accessibility, best practices and SEO 100. Writes bench-results/lighthouse.json and prints a table, then the
 * audits that lost points. Not part of npm test (performance is a timing); tests/e2e/lighthouse.test.ts guards
 * the other three categories.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { auditPage, CATEGORIES, type PageReport, TARGETS } from '../tests/support/lighthouse.ts';
import { startServer } from '../tests/support/server-process.ts';

/** The pages audited; LIGHTHOUSE_PAGES (comma-separated paths) narrows them, as CI's short run of this script does. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? ['/', '/services', '/securified', '/login'];
/** Where the report goes: bench-results/lighthouse.json, or LIGHTHOUSE_OUTPUT. */
const REPORT_FILE = process.env.LIGHTHOUSE_OUTPUT ?? 'bench-results/lighthouse.json';

const server = await startServer();
const reports: PageReport[] = [];
try {
  for (const page of PAGES) reports.push(await auditPage(server.url, page));
} finally {
  await server.stop();
}

mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
writeFileSync(REPORT_FILE, `${JSON.stringify({ measuredAt: new Date().toISOString(), targets: TARGETS, pages: reports }, null, 2)}\n`);

const origin = new URL(server.url).origin;
const row = (cells: string[]) => `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(12) : cell.padStart(14))).join(' | ')} |`;
console.log(row(['page', ...CATEGORIES]));
console.log(row(['-'.repeat(12), ...CATEGORIES.map(() => '-'.repeat(14))]));
let missed = false;
for (const report of reports) {
  console.log(
    row([
      report.path,
      ...CATEGORIES.map((category) => {
        const score = report.scores[category];
        const ok = score !== null && score >= TARGETS[category];
        missed ||= !ok;
        return `${score ?? '-'}${ok ? '' : ' (!)'}`;
      }),
    ]),
  );
}
for (const report of reports) {
  const metrics = report.metrics;
  console.log(
    `\n${report.path}: FCP ${Math.round(metrics.firstContentfulPaintMs ?? 0)} ms, LCP ${Math.round(metrics.largestContentfulPaintMs ?? 0)} ms, ` +
      `TBT ${Math.round(metrics.totalBlockingTimeMs ?? 0)} ms, CLS ${(metrics.cumulativeLayoutShift ?? 0).toFixed(3)} ` +
      `(machine benchmark index ${Math.round(report.benchmarkIndex)})`,
  );
  for (const category of CATEGORIES) {
    for (const failure of report.failures[category]) {
      console.log(
        `  ${category}: ${failure.id} (${failure.score})${failure.displayValue ? ` ${failure.displayValue}` : ''}: ${failure.title}`,
      );
    }
  }
  const outside = report.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'));
  if (outside.length > 0) console.log(`  requests outside this server: ${outside.join(', ')}`);
}
if (missed) console.log('\n(!) below target');
