import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { runAxe } from './browser.ts';

/**
 * Helpers of the accessibility browser tests: the open dialog once it has faded in, the page once its dialogs
 * have gone, and a list of findings that a whole run of screens adds to before one assertion reads it out.
 */

/** The one open dialog, once its fade-in is done (axe judges colours at full opacity). */
export async function openedDialog(page: Page, name?: string | RegExp): Promise<Locator> {
  const dialog =
    name === undefined
      ? page.locator('.modal.show [role="dialog"], .modal.show.modal[role="dialog"]').first()
      : page.getByRole('dialog', { name });
  await dialog.waitFor({ state: 'visible' });
  await expect
    .poll(() => dialog.evaluate((element) => Number(getComputedStyle(element.closest('.modal') ?? element).opacity)), { timeout: 5000 })
    .toBe(1);
  return dialog;
}

/** Waits until every dialog and its backdrop have faded out and left the page. */
export async function noDialog(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.modal, .modal-backdrop').count(), { timeout: 5000 }).toBe(0);
}

export type Finding = { where: string; problem: string };

/**
 * Collects the violations of every screen visited, so one run shows every problem at once. With SWEEP_TIMING set
 * it prints how long each step and each axe run took, to find what makes a sweep slow.
 */
export class Findings {
  readonly list: Finding[] = [];
  /** How many states axe has checked. */
  checked = 0;

  /** Runs axe on the page as it is now and notes any violation under `where`. */
  async axe(page: Page, where: string): Promise<void> {
    const started = Date.now();
    this.checked += 1;
    try {
      for (const violation of await runAxe(page)) {
        const nodes = violation.nodes.map(
          (node) => `${node.target.join(' ')} [${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}]`,
        );
        this.list.push({ where, problem: `${violation.id} (${violation.impact}): ${violation.help} at ${nodes.join(' | ')}` });
      }
    } catch (error) {
      this.list.push({ where, problem: `axe could not run: ${(error as Error).message}` });
    }
    if (process.env.SWEEP_TIMING) console.info(`axe ${Date.now() - started} ms ${where}`);
  }

  /** Runs a step of the sweep; a step that fails is noted and the sweep goes on with the next. */
  async step(where: string, run: () => Promise<void>): Promise<void> {
    const started = Date.now();
    try {
      await run();
      if (process.env.SWEEP_TIMING) console.info(`step ${Date.now() - started} ms ${where}`);
    } catch (error) {
      this.list.push({ where, problem: `could not reach the state: ${(error as Error).message.split('\n')[0]}` });
    }
  }

  /** One line per finding, for the assertion's message. */
  report(): string[] {
    return this.list.map((finding) => `${finding.where}: ${finding.problem}`);
  }
}

/** Presses Tab until `target` has the focus; fails if it never gets it. Shift+Tab with `backwards`. */
export async function tabUntil(page: Page, target: Locator, { maxPresses = 60, backwards = false } = {}): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Whether the focused element shows a focus indicator: an outline or a box shadow. */
export function focusIndicatorOf(page: Page): Promise<{ element: string; outline: string; boxShadow: string; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', outline: 'none', boxShadow: 'none', visible: false };
    const style = getComputedStyle(element);
    const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    const hasOutline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const hasShadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('aria-label') || ''}"`;
    return { element: label, outline, boxShadow: style.boxShadow, visible: hasOutline || hasShadow };
  });
}

/**
 * A person at the keyboard: Tab, Shift+Tab, Enter, Space, arrows and typing, nothing else. Every control the
 * focus stops at is checked for a visible focus indicator; `missingFocusIndicators` lists the ones without.
 */
export class KeyboardUser {
  readonly missingFocusIndicators: string[] = [];
  /** How many focus stops were checked. */
  stops = 0;

  constructor(readonly page: Page) {}

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Replaces the focused field's text, as a person would: select all, then type. */
  async retype(text: string): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Backspace');
    if (text) await this.page.keyboard.type(text);
  }

  private async noteFocus(): Promise<void> {
    const focus = await focusIndicatorOf(this.page);
    this.stops += 1;
    if (!focus.visible && focus.element !== 'body')
      this.missingFocusIndicators.push(`${new URL(this.page.url()).pathname}: ${focus.element}`);
  }

  /** Tabs (Shift+Tab with `backwards`) until `target` has the focus, checking the focus indicator at each stop. */
  async tabTo(target: Locator, { backwards = false, maxPresses = 80 } = {}): Promise<void> {
    for (let presses = 0; presses < maxPresses; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
      await this.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      await this.noteFocus();
    }
    throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
  }

  /** Waits until `target` has the focus (a dialog moves it there once it has opened), then checks its indicator. */
  async waitForFocus(target: Locator): Promise<void> {
    await expect
      .poll(() => target.evaluate((element) => element === document.activeElement).catch(() => false), { timeout: 5000 })
      .toBe(true);
    await this.noteFocus();
  }
}
