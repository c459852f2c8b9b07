import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterQueuedTasks, axeViolations, openPage, releaseBrowser, WITH_MOTION, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const SUPPORT_PHONE = '(631) 555-0199';
const SUPPORT_EMAIL = 'help@techhelp.test';

const PAGES = [
  { path: '/', heading: 'Computer help from a neighbor you can trust' },
  { path: '/services', heading: 'Our services' },
  { path: '/securified', heading: 'Stay safe online' },
  { path: '/remotesupport', heading: 'Remote support' },
  { path: '/maintenance', heading: 'Sorry, we are down for maintenance now. Be back soon!' },
  { path: '/no/such/page', heading: 'Page not found' },
] as const;

/** The spec's carousel: three slides, 3 seconds each (written out here, not imported, so that a change shows). */
const SLIDE_MS = 3000;
const SLIDES = 3;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 360, height: 740 },
] as const;

describe('the public site in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SUPPORT_PHONE, SUPPORT_EMAIL } }), workerBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  /** The slide on screen (Bootstrap's .active, which moves once a slide has finished sliding in). */
  const shownSlide = (page: Page) =>
    page.locator('.carousel-item').evaluateAll((items) => items.findIndex((item) => item.classList.contains('active')));
  /** The slide the indicators mark current: it changes the moment the carousel turns. */
  const currentSlide = (page: Page) =>
    page
      .locator('.carousel-indicators button')
      .evaluateAll((buttons) => buttons.findIndex((button) => button.getAttribute('aria-current') === 'true'));
  /** "off" while the slides move by themselves, "polite" while they are held. */
  const carouselLive = (page: Page) => page.locator('.carousel-inner').getAttribute('aria-live');
  /** Lets four slide intervals of page time pass and checks the slide did not move and is announced as held. */
  async function expectCarouselHeld(page: Page): Promise<number> {
    const held = await currentSlide(page);
    await page.clock.runFor(4 * SLIDE_MS);
    await afterQueuedTasks(page);
    expect(await currentSlide(page)).toBe(held);
    expect(await shownSlide(page)).toBe(held);
    expect(await carouselLive(page)).toBe('polite');
    return held;
  }

  for (const viewport of VIEWPORTS) {
    for (const { path, heading } of PAGES) {
      it(`${path} at ${viewport.name} width: heading, header, footer, no console errors, zero axe violations`, async () => {
        const { page, context, consoleErrors } = await openPage(browser, { viewport });
        try {
          await page.goto(`${server.url}${path}`);
          await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
          await expect.poll(() => page.title()).toMatch(/\| TechHelp$/);
          const footer = page.locator('footer');
          expect(await footer.getByRole('link', { name: SUPPORT_PHONE }).getAttribute('href')).toBe('tel:+16315550199');
          expect(await footer.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
          expect(await axeViolations(page)).toEqual([]);
          expect(consoleErrors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  it('sizes every image on the public pages and lazy-loads all but those in the first screenful', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      for (const { path, heading } of PAGES) {
        await page.goto(`${server.url}${path}`);
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
        const images = await page.locator('img').evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return {
              src: element.getAttribute('src'),
              width: element.getAttribute('width'),
              height: element.getAttribute('height'),
              lazy: element.getAttribute('loading') === 'lazy',
              inFirstScreen: box.height > 0 && box.top < window.innerHeight,
            };
          }),
        );
        expect(images.length).toBeGreaterThan(0);
        for (const image of images) {
          const where = `${path} ${image.src}`;
          expect(image.width, where).toMatch(/^\d+$/);
          expect(image.height, where).toMatch(/^\d+$/);
          // The logo and the first slide of the landing page's carousel load at once: they are the first screen.
          if (!image.lazy) expect(image.inFirstScreen, `${where} loads eagerly below the fold`).toBe(true);
        }
      }
    } finally {
      await context.close();
    }
  });

  it('shows a visitor exactly the spec navigation: Services, Security Tips, Remote Support, Register, Login', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(server.url);
      // The page shows once its texts (and, for some pages, its code) have come.
      await page.locator('main h1').first().waitFor();
      const links = await page
        .getByRole('navigation', { name: 'Main' })
        .locator('#site-nav')
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
      expect(links).toEqual([
        ['Services', '/services'],
        ['Security Tips', '/securified'],
        ['Remote Support', '/remotesupport'],
        ['Register', '/signup'],
        ['Login', '/login'],
      ]);
      expect(await page.getByRole('link', { name: 'Make an Appointment Now' }).getAttribute('href')).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('collapses the navigation behind a Menu button on a phone and opens it by keyboard', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 360, height: 740 } });
    try {
      await page.goto(`${server.url}/services`);
      const services = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' });
      const menu = page.getByRole('button', { name: 'Menu' });
      expect(await services.isVisible()).toBe(false);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => services.isVisible()).toBe(true);
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await services.click();
      await expect.poll(() => services.isVisible()).toBe(false);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('lists the fees exactly as the spec states them, and all 25 towns', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.url}/services`);
      // The page shows once its texts (and, for some pages, its code) have come.
      await page.locator('main h1').first().waitFor();
      const fees = await page.locator('.fee-list li').allTextContents();
      expect(fees).toEqual([
        'Troubleshooting: $50 per hour, one-hour minimum, then $25 per 30-minute increment.',
        'Consulting: $100 per hour, one-hour minimum, then $50 per 30-minute increment.',
        'Time more than 10 minutes past the hour or half-hour adds a 30-minute charge.',
      ]);
      expect(await page.locator('.town-list li').count()).toBe(25);
      expect(await page.getByText('We do not repair hardware.').count()).toBe(1);
      // The map comes once its place nears the window (it is below the fold).
      await page.locator('.service-area-map-placeholder, svg.service-area-map').first().scrollIntoViewIfNeeded();
      const mapLabels = await page.locator('svg.service-area-map').textContent();
      for (const town of ['Bay Shore', 'Kings Park', 'West Sayville', 'North Great River', 'Hauppauge']) expect(mapLabels).toContain(town);
    } finally {
      await context.close();
    }
  });

  it('advances the carousel after 3 seconds and not before, every 3 seconds, and stops while the pointer is over it', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 }, ...WITH_MOTION });
    try {
      await page.clock.install();
      await page.goto(server.url);
      // Held under the pointer, the carousel waits; the clock stops, and its 3 seconds start when the pointer leaves.
      await page.locator('.hero-carousel').hover();
      await afterQueuedTasks(page);
      await expect.poll(() => shownSlide(page)).toEqual(await currentSlide(page));
      const first = await currentSlide(page);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await page.mouse.move(5, 890);
      await expect.poll(() => carouselLive(page)).toBe('off');
      await afterQueuedTasks(page);

      for (const turn of [1, 2]) {
        const before = (first + turn - 1) % SLIDES;
        await page.clock.runFor(SLIDE_MS - 1);
        await afterQueuedTasks(page);
        expect(await currentSlide(page), `turn ${turn}: 1 ms before 3 s`).toBe(before);
        expect(await shownSlide(page)).toBe(before);
        await page.clock.runFor(1);
        await afterQueuedTasks(page);
        expect(await currentSlide(page), `turn ${turn}: at 3 s`).toBe((before + 1) % SLIDES);
        // The slide moves in (a CSS transition, on the browser's own time); the next 3 seconds start once it is in.
        await expect.poll(() => shownSlide(page)).toBe((before + 1) % SLIDES);
        await afterQueuedTasks(page);
      }

      await page.locator('.hero-carousel').hover();
      await afterQueuedTasks(page);
      await expectCarouselHeld(page);
    } finally {
      await context.close();
    }
  });

  it('stops the carousel while focus is inside it, and on the pause button', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 }, ...WITH_MOTION });
    try {
      await page.clock.install();
      await page.goto(server.url);
      await page.mouse.move(5, 890);
      await page.getByRole('button', { name: 'Pause slides' }).focus();
      await afterQueuedTasks(page);
      await expect.poll(() => shownSlide(page)).toEqual(await currentSlide(page));
      const held = await expectCarouselHeld(page);

      await page.keyboard.press('Enter');
      expect(await page.getByRole('button', { name: 'Play slides' }).getAttribute('aria-pressed')).toBe('true');
      await page.locator('h1').focus();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await afterQueuedTasks(page);
      await page.clock.runFor(4 * SLIDE_MS);
      await afterQueuedTasks(page);
      expect(await currentSlide(page)).toBe(held);
      expect(await shownSlide(page)).toBe(held);
    } finally {
      await context.close();
    }
  });

  it('never moves the carousel for people who prefer reduced motion', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    try {
      await page.clock.install();
      await page.goto(server.url);
      await page.mouse.move(5, 890);
      await page.locator('.hero-carousel').waitFor();
      await afterQueuedTasks(page);
      await page.clock.runFor(4 * SLIDE_MS);
      await afterQueuedTasks(page);
      expect(await currentSlide(page)).toBe(0);
      expect(await shownSlide(page)).toBe(0);
      expect(await page.getByRole('button', { name: 'Pause slides' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => shownSlide(page)).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('keeps deep links working across a reload and opens the strong-password anchor', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    try {
      await page.goto(`${server.url}/remotesupport`);
      await page.reload();
      expect(await page.locator('h1').textContent()).toBe('Remote support');
      await page.goto(`${server.url}/securified#strong-password`);
      await page.reload();
      expect(await page.locator('#strong-password h2').textContent()).toBe('Strong passwords');
      await expect
        .poll(() => page.evaluate(() => document.getElementById('strong-password')?.getBoundingClientRect().top ?? 9999))
        .toBeLessThan(200);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the remote-support tools in a new tab without giving them access to our page', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.url}/remotesupport`);
      // The page shows once its texts (and, for some pages, its code) have come.
      await page.locator('main h1').first().waitFor();
      const links = page.locator('main a[target="_blank"]');
      expect(await links.count()).toBe(2);
      for (const rel of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('rel')))) {
        expect(rel).toBe('noopener noreferrer');
      }
      expect(await links.allTextContents()).toEqual([
        'Open Chrome Remote Desktop (opens in a new tab)',
        'Open Windows Quick Assist (opens in a new tab)',
      ]);
    } finally {
      await context.close();
    }
  });

  it('loads nothing from YouTube until a video is asked for, then embeds the privacy-enhanced player', async () => {
    const { page, context } = await openPage(browser);
    const youtubeRequests: string[] = [];
    await context.route(/youtube/, (route) => {
      youtubeRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    });
    try {
      await page.goto(`${server.url}/securified`);
      // The page shows once its texts (and, for some pages, its code) have come.
      await page.locator('main h1').first().waitFor();
      expect(await page.locator('section.lesson').count()).toBe(4);
      expect(await page.locator('iframe').count()).toBe(0);
      await page.getByRole('button', { name: 'Play the video: Phishing e-mails and texts' }).click();
      const frame = page.locator('iframe');
      expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1&rel=0$/);
      expect(await frame.getAttribute('title')).toBe('Video: Phishing e-mails and texts');
      await expect.poll(() => youtubeRequests.length).toBeGreaterThan(0);
      expect(youtubeRequests.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
