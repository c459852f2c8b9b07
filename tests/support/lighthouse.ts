import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumToTestIn } from './browser.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The product's targets: performance at least 95, the other three 100. */
export const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

export type PageReport = {
  path: string;
  /** 0-100 per category, null when Lighthouse could not score it. */
  scores: Record<Category, number | null>;
  /** Audits that lost points, per category, with what Lighthouse says about them. */
  failures: Record<Category, { id: string; title: string; score: number | null; displayValue?: string }[]>;
  /** Every URL the page requested, to prove that nothing left this machine. */
  requests: string[];
  metrics: {
    firstContentfulPaintMs?: number;
    largestContentfulPaintMs?: number;
    totalBlockingTimeMs?: number;
    cumulativeLayoutShift?: number;
  };
  /** Lighthouse's measure of this machine's speed at the time (a typical desktop scores 1000 or more). */
  benchmarkIndex: number;
};

/**
 * The browser tests' Chromium (browser.ts), headless, with nothing that phones home (updates, sync, background
 * requests). Several audits may share one (auditPage's `chrome`): Lighthouse opens a page of its own for each run
 * and clears the site's storage and cache before it.
 */
export async function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  const { executablePath, args, env } = await chromiumToTestIn();
  return chromeLauncher.launch({ chromePath: executablePath, chromeFlags: args, envVars: env, logLevel: 'silent' });
}

function reportOf(path: string, lhr: Result, categories: readonly Category[]): PageReport {
  const scores = {} as PageReport['scores'];
  const failures = {} as PageReport['failures'];
  for (const category of CATEGORIES) {
    const result = lhr.categories[category];
    scores[category] = result?.score == null ? null : Math.round(result.score * 100);
    failures[category] = !categories.includes(category)
      ? []
      : (result?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
          .map((audit) => ({
            id: audit?.id ?? '',
            title: audit?.title ?? '',
            score: audit?.score ?? null,
            ...(audit?.displayValue ? { displayValue: audit.displayValue } : {}),
          }));
  }
  const networkItems = (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  return {
    path,
    scores,
    failures,
    requests: networkItems.map((item) => item.url ?? '').filter(Boolean),
    metrics: {
      firstContentfulPaintMs: numeric('first-contentful-paint'),
      largestContentfulPaintMs: numeric('largest-contentful-paint'),
      totalBlockingTimeMs: numeric('total-blocking-time'),
      cumulativeLayoutShift: numeric('cumulative-layout-shift'),
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse 12 sometimes finds no navigation start in the trace of the newer Chromium it drives here
 * (NO_NAVSTART, in about one run of five, on any page): a fault of the measurement, so that run is repeated.
 */
const TRACE_ATTEMPTS = 3;

/** One Lighthouse run (default mobile settings) of `baseUrl + path`, in the given Chromium or one of its own. */
export async function auditPage(
  baseUrl: string,
  path: string,
  categories: readonly Category[] = CATEGORIES,
  shared?: { port: number },
): Promise<PageReport> {
  for (let attempt = 1; ; attempt++) {
    const own = shared ? undefined : await launchChrome();
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: shared?.port ?? own?.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      // In no category, so named here: the list of requests the page made.
      onlyAudits: ['network-requests'],
    }).finally(() => own?.kill());
    if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
    const failure = result.lhr.runtimeError;
    if (failure?.code === 'NO_NAVSTART' && attempt < TRACE_ATTEMPTS) continue;
    if (failure) throw new Error(`Lighthouse failed on ${path}: ${failure.message}`);
    return reportOf(path, result.lhr, categories);
  }
}
