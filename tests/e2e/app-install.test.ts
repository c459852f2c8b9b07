import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumToTestIn, openPage, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };

/** PNG width and height, from the IHDR chunk right after the 8-byte signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Waits until requests see the network as `state`. Chromium answers DevTools' change of network conditions at once
 * but hands it to its network service on its own channel, so a request made right after `context.setOffline` can
 * still reach the server (or, after going back online, still fail). The conditions are set for the page and for the
 * worker apart: a request the worker lets through goes by the page's, a page load the worker fetches by the
 * worker's. A probe (not a page load, which the worker never answers) is sent from each until it fails (offline) or
 * is answered (online); when the page shows the offline page, whose policy allows no request, only the worker probes
 * (pass no page).
 */
async function waitForNetwork(context: BrowserContext, page: Page | undefined, state: 'offline' | 'online'): Promise<void> {
  const probe = async (wanted: 'offline' | 'online') => {
    for (;;) {
      const reached = await fetch(`/favicon.svg?probe=${Math.random()}`, { cache: 'no-store' }).then(
        () => true,
        () => false,
      );
      if (reached === (wanted === 'online')) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await Promise.all([worker.evaluate(probe, state), page?.evaluate(probe, state)]);
}

/**
 * Takes the worker offline again before another page load while offline. Some Chromium builds (the one in
 * @sparticuz/chromium) drop the worker's offline condition when the page moves to a page the worker made, so the
 * next page load would reach the server, as it never would on a phone without network. Playwright sends the
 * condition only when it changes, so it is turned off and on again, and the worker is asked until it is offline.
 */
async function stayOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
  await waitForNetwork(context, undefined, 'offline');
}

describe('adding TechHelp to a home screen', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), workerBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('serves the web app manifest as application/manifest+json, cached for an hour', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'TechHelp',
      short_name: 'TechHelp',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b4f6c',
    });
  });

  it('passes Chromium’s installability check on / with a manifest that parses without errors', async () => {
    // A browser profile of its own: in Playwright's usual contexts, which are incognito, Chromium offers no install.
    const { executablePath, args, env } = await chromiumToTestIn();
    const profile = mkdtempSync(path.join(tmpdir(), 'techhelp-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath, args: [...args, '--disable-quic'], env });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest', {});
      expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(manifest.parsed?.scope).toBe(`${server.url}/`);
      // What Chromium made of it (its display modes are its own enum's names).
      expect(manifest.manifest).toMatchObject({ name: 'TechHelp', display: 'kStandalone', startUrl: `${server.url}/` });
      expect(manifest.manifest.icons?.length).toBe(3);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b4f6c');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('serves every icon of the manifest, and the apple-touch-icon, as a PNG of its stated size', async () => {
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as { icons: ManifestIcon[] };
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const index = await (await fetch(`${server.url}/`)).text();
    const appleTouchIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(index)?.[1];
    expect(appleTouchIcon).toBeDefined();
    const icons = [...manifest.icons, { src: appleTouchIcon ?? '', sizes: '180x180', type: 'image/png' }];
    for (const icon of icons) {
      const response = await fetch(new URL(icon.src, `${server.url}/manifest.webmanifest`));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      expect(response.headers.get('cache-control'), icon.src).toBe('public, max-age=3600');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length, icon.src).toBeLessThan(20_000);
      const { width, height } = pngSize(bytes);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('draws the maskable icon full-bleed, with its drawing inside the safe zone', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.url}/`);
      // Every pixel outside the central circle of 80% (which launchers keep whatever their mask) is the background.
      const outside = await page.evaluate(async () => {
        const image = new Image();
        image.src = '/icons/icon-maskable-512.png';
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 512;
        canvas.height = 512;
        const context2d = canvas.getContext('2d');
        if (!context2d) throw new Error('no 2d context');
        context2d.drawImage(image, 0, 0);
        const { data } = context2d.getImageData(0, 0, 512, 512);
        const background = [data[0], data[1], data[2], data[3]].join(',');
        let stray = 0;
        for (let y = 0; y < 512; y++) {
          for (let x = 0; x < 512; x++) {
            if (Math.hypot(x + 0.5 - 256, y + 0.5 - 256) <= 0.4 * 512) continue;
            const i = (y * 512 + x) * 4;
            if ([data[i], data[i + 1], data[i + 2], data[i + 3]].join(',') !== background) stray++;
          }
        }
        return { background, stray };
      });
      expect(outside).toEqual({ background: '11,79,108,255', stray: 0 });
    } finally {
      await context.close();
    }
  });

  it('serves the service worker from the root, as a script that is never cached', async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBeNull();
    const csp = String(response.headers.get('content-security-policy'));
    expect(csp).toContain("worker-src 'self'");
  });

  it('shows the offline page with the phone number when a page cannot load, and the server’s own pages once back online', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { serviceWorkers: 'allow' });
    try {
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'));

      await context.setOffline(true);
      await waitForNetwork(context, page, 'offline');
      // Requests that are not page loads of the app are not answered by the worker: they fail as they would without it.
      const api = await page.evaluate(() =>
        fetch('/api/session').then(
          (response) => `answered ${response.status}`,
          () => 'failed',
        ),
      );
      expect(api).toBe('failed');

      const offline = await page.goto(`${server.url}/services`);
      expect(offline?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You are offline');
      await expect(page.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('No tiene conexión a internet');
      expect(await page.title()).toBe('You are offline | TechHelp');
      const calls = page.getByRole('link', { name: '(631) 555-0142' });
      expect(await calls.count()).toBe(2);
      expect(await calls.first().getAttribute('href')).toBe('tel:+16315550142');
      expect(await page.locator('div[lang="es"]').count()).toBe(1);
      // Its one inline style is allowed by its own policy: the header is in the brand's blue.
      expect(await page.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe('rgb(11, 79, 108)');
      // A Spanish page (the app's Spanish links carry ?lang=es) gets it Spanish first, in a page whose language is Spanish.
      await stayOffline(context);
      await page.goto(`${server.url}/home?lang=es`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('No tiene conexión a internet');
      await expect(page.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('You are offline');
      expect(await page.title()).toBe('No tiene conexión a internet | TechHelp');
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.locator('div[lang="en"]').count()).toBe(1);

      await context.setOffline(false);
      await waitForNetwork(context, undefined, 'online');
      const online = await page.goto(`${server.url}/services`);
      expect(online?.status()).toBe(200);
      expect(online?.headers()['cache-control']).toBe('no-cache');
      await expect(page.getByRole('heading', { level: 1, name: 'Our services' }).textContent()).resolves.toBe('Our services');
      // An error the server answers is shown as the server sent it, not replaced by the offline page.
      const missing = await page.goto(`${server.url}/icons/no-such-icon.png`);
      expect(missing?.status()).toBe(404);
      expect(await page.textContent('body')).toContain('NOT_FOUND');
      // The worker stores nothing: no cache of screens, scripts or answers exists.
      expect(await page.evaluate(() => caches.keys())).toEqual([]);
      // Besides the failed requests (the probes' and the API's), only the statuses of the offline page (503) and of
      // the missing icon (404).
      const disconnected = (error: string) => error.includes('ERR_INTERNET_DISCONNECTED');
      expect(consoleErrors.filter(disconnected).length).toBeGreaterThan(0);
      expect(consoleErrors.filter((error) => !/status of (503|404)\b/.test(error) && !disconnected(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
