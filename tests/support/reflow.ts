import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './browser.ts';

/** Whether the page fits its window's width (no sideways scrolling). */
export const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * At 320 px, and at 360 px with Chrome's text size doubled (Settings, Appearance, Font size), the screen as it stands
 * reflows: no sideways scrolling, and no axe violations; then back to the usual window (1280 px, text as usual).
 */
export async function expectReflow(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  for (const { width, standard, root } of [
    { width: 320, standard: 16, root: '18px' },
    { width: 360, standard: 32, root: '36px' },
  ]) {
    await page.setViewportSize({ width, height: 800 });
    await devtools.send('Page.setFontSizes', { fontSizes: { standard, fixed: standard === 32 ? 26 : 13 } });
    await page.waitForFunction(([w, size]) => window.innerWidth === w && getComputedStyle(document.documentElement).fontSize === size, [
      width,
      root,
    ] as const);
    expect(await noSidewaysScroll(page), `${width} px, text ${standard} px`).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  }
  await devtools.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
  await page.setViewportSize({ width: 1280, height: 900 });
  await devtools.detach();
}
