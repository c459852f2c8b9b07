import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openPage, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

describe('MAINTENANCE_MODE=true in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { MAINTENANCE_MODE: 'true' } }), workerBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('sends every page to /maintenance with the spec text, and keeps /healthz answering', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    try {
      for (const path of ['/', '/services', '/home', '/admin']) {
        await page.goto(`${server.url}${path}`);
        expect(new URL(page.url()).pathname).toBe('/maintenance');
        expect(await page.locator('h1').textContent()).toBe('Sorry, we are down for maintenance now. Be back soon!');
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/maintenance');
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
