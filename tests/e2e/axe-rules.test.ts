import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, runAxe, workerBrowser } from '../support/browser.ts';

/**
 * The sweeps run axe's label-content-name-mismatch (WCAG 2.5.3 Label in Name), an experimental rule that a tag
 * filter alone leaves out. These pages break it on purpose, so that a run that silently dropped the rule fails
 * here: once through axe injected in the page, once through AxeBuilder (taken for pages with frames).
 */

const MISNAMED = '<button type="button" aria-label="Saturday, November 28th, 2026">28</button>';
const WELL_NAMED = '<button type="button" aria-label="28, Saturday, November 28, 2026">28</button>';
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Label in name</title></head><body><main>${body}</main></body></html>`;

let browser: Browser;
let tab: Page;

beforeAll(async () => {
  browser = await workerBrowser();
  tab = await (await browser.newContext()).newPage();
});

afterAll(async () => {
  await releaseBrowser(browser);
});

const mismatches = async () => (await runAxe(tab)).filter((violation) => violation.id === 'label-content-name-mismatch');

describe('axe checks that a control is named with its visible text', () => {
  it('finds a day button named without the number it shows', async () => {
    await tab.setContent(page(MISNAMED));
    expect((await mismatches()).flatMap((violation) => violation.nodes.map((node) => node.target))).toEqual([['button']]);
  });

  it('finds it through AxeBuilder too, on a page with a frame', async () => {
    await tab.setContent(page(`${MISNAMED}<iframe title="Empty" srcdoc="<p>Empty</p>"></iframe>`));
    expect(tab.frames().length).toBeGreaterThan(1);
    expect(await mismatches()).toHaveLength(1);
  });

  it('accepts a name that contains the visible text', async () => {
    await tab.setContent(page(WELL_NAMED));
    expect(await mismatches()).toEqual([]);
  });
});
