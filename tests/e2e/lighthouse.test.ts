import type { LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage, type Category, launchChrome } from '../support/lighthouse.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/** Scores that do not depend on the machine's speed; performance is a timing and stays in npm run lighthouse. */
const CATEGORIES: Category[] = ['accessibility', 'best-practices', 'seo'];
const PAGES = ['/', '/services', '/securified', '/login'];

describe('Lighthouse on the public pages and the login page', () => {
  let server: ServerProcess;
  /** One Chromium for the four audits (each in a page of its own, with the site's storage and cache cleared). */
  let chrome: LaunchedChrome;

  beforeAll(async () => {
    [server, chrome] = await Promise.all([startServer(), launchChrome()]);
  });
  afterAll(async () => {
    chrome?.kill();
    await server?.stop();
  });

  for (const path of PAGES) {
    it(`scores ${path} 100 for accessibility, best practices and SEO, with no request leaving the server`, {
      timeout: 120_000,
    }, async () => {
      const report = await auditPage(server.url, path, CATEGORIES, chrome);
      expect(report.failures).toEqual({ performance: [], accessibility: [], 'best-practices': [], seo: [] });
      expect(report.scores).toMatchObject({ accessibility: 100, 'best-practices': 100, seo: 100 });
      const origin = new URL(server.url).origin;
      expect(report.requests).toContain(`${server.url}${path}`);
      expect(report.requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
    });
  }
});
