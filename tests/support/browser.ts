import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, talking to nothing but the servers under test. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-quic'] });
}

export type WatchedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/** A page in its own context that records every console error and uncaught page error. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return { page, context, consoleErrors };
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** axe-core itself, the same copy @axe-core/playwright injects. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page directly: injected once per document and run with `axe.run`. AxeBuilder injects it
 * anew on every call and finishes each run in a new blank page, several times slower; it is kept for pages with
 * frames, whose documents it checks too.
 */
export async function runAxe(page: Page): Promise<Violation[]> {
  // Axe judges the colours of the page at rest, not halfway through a hover or a dialog's fade.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not stand in the way.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, WCAG_TAGS);
}

/** Axe violations for WCAG 2.2 A and AA, reduced to what a failure message needs. */
export async function axeViolations(page: Page) {
  const violations = await runAxe(page);
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
