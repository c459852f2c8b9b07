// The test helpers cut every locator.waitFor() into short waits (tests/support/browser.ts): the same total must hold,
// so that a missing element fails its wait with Playwright's time-out error, not the test's much later time-out.
import { errors } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, releaseBrowser, type WatchedPage, workerBrowser } from '../support/browser.ts';

describe("the helpers' locator waits", () => {
  let browser: Awaited<ReturnType<typeof workerBrowser>>;
  let window: WatchedPage;

  beforeAll(async () => {
    browser = await workerBrowser();
    window = await openPage(browser);
  });
  afterAll(() => releaseBrowser(browser));

  /** How long a wait took before it failed, and with what. */
  async function failedWait(wait: () => Promise<void>): Promise<{ error: unknown; ms: number }> {
    const started = Date.now();
    try {
      await wait();
    } catch (error) {
      return { error, ms: Date.now() - started };
    }
    throw new Error('the wait did not fail');
  }

  it('fails a wait for a missing element after its own timeout, longer than one slice, saying that timeout', async () => {
    await window.page.setContent('<main><p>Here</p></main>');
    const { error, ms } = await failedWait(() => window.page.locator('#missing').waitFor({ timeout: 3_000 }));
    expect(error).toBeInstanceOf(errors.TimeoutError);
    expect((error as Error).message).toContain('Timeout 3000ms exceeded');
    expect(ms).toBeGreaterThanOrEqual(2_900);
    expect(ms).toBeLessThan(15_000);
  });

  it("fails after the page's default timeout when the wait names none", async () => {
    window.page.setDefaultTimeout(2_500);
    try {
      const { error, ms } = await failedWait(() => window.page.locator('#missing').waitFor());
      expect(error).toBeInstanceOf(errors.TimeoutError);
      expect((error as Error).message).toContain('Timeout 2500ms exceeded');
      expect(ms).toBeLessThan(15_000);
    } finally {
      window.page.setDefaultTimeout(30_000);
    }
  });

  it('finds an element that appears after the first slice, within the total', async () => {
    await window.page.setContent('<main></main>');
    await window.page.evaluate(() => {
      setTimeout(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<p id="late">Late</p>'), 2_600);
    });
    await window.page.locator('#late').waitFor({ timeout: 10_000 });
    expect(await window.page.locator('#late').textContent()).toBe('Late');
  });
});
