import type { Browser, ElementHandle, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextClient } from './accounts.ts';
import { upcomingWeekendDays } from './appointments.ts';
import { callAs, openWindow, type Window } from './back-office-people.ts';
import { bookOverHttp, describeOverHttp, type HttpCustomer } from './booking-customers.ts';
import { releaseBrowser, runAxe, workerBrowser } from './browser.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/**
 * Helpers of the accessibility browser tests: the open dialog once it has faded in, the page once its dialogs
 * have gone, a list of findings that a test's screens add to before one assertion reads it out, and the sweep
 * (every route as each viewer, in every state) that the accessibility-*.test.ts files share.
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
 * it prints how long each axe run took, to find what makes a sweep slow.
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

type FocusState = {
  targetFocused: boolean;
  /** The target is still in the page. */
  targetConnected: boolean;
  element: string;
  outline: string;
  boxShadow: string;
  visible: boolean;
};

/**
 * In the page: whether `target` has the focus, and the focused element with its focus indicator (an outline or a
 * box shadow). One round trip for both, as the keyboard user checks them after every key.
 */
const focusState = (target: Node | null): FocusState => {
  const element = document.activeElement as HTMLElement | null;
  const targetFocused = target !== null && target === element;
  const targetConnected = target?.isConnected ?? false;
  if (!element || element === document.body)
    return { targetFocused, targetConnected, element: 'body', outline: 'none', boxShadow: 'none', visible: false };
  const style = getComputedStyle(element);
  const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  const hasOutline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  const hasShadow = style.boxShadow !== 'none' && style.boxShadow !== '';
  const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('aria-label') || ''}"`;
  return { targetFocused, targetConnected, element: label, outline, boxShadow: style.boxShadow, visible: hasOutline || hasShadow };
};

/** Whether the focused element shows a focus indicator: an outline or a box shadow. */
export async function focusIndicatorOf(page: Page): Promise<{ element: string; outline: string; boxShadow: string; visible: boolean }> {
  const { element, outline, boxShadow, visible } = await page.evaluate(focusState, null);
  return { element, outline, boxShadow, visible };
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

  private note(focus: FocusState): void {
    this.stops += 1;
    if (!focus.visible && focus.element !== 'body')
      this.missingFocusIndicators.push(`${new URL(this.page.url()).pathname}: ${focus.element}`);
  }

  /**
   * Tabs (Shift+Tab with `backwards`) until `target` has the focus, checking the focus indicator at each stop.
   * Finding the target by its role and name costs more than a key, so its element is looked up once and again only
   * when it has left the page; a stop on it counts once the locator itself agrees.
   *
   * A person tabs to a control they can see: the Tab presses start once the target is shown. Right after a link
   * is followed, the lazily loaded screen may not have arrived, and the element looked up could be the same-named
   * field of the screen being left (the login form's "E-mail address" on the way to the forgot-password screen);
   * on a busy machine all the presses could pass before the new screen came.
   */
  async tabTo(target: Locator, { backwards = false, maxPresses = 80 } = {}): Promise<void> {
    await target.waitFor({ state: 'visible', timeout: 10_000 });
    let handle: ElementHandle | null = null;
    const forget = async () => {
      await handle?.dispose().catch(() => undefined);
      handle = null;
    };
    /** The focus as it is now, and whether the target has it (false while the target is not on the page). */
    const look = async (): Promise<FocusState> => {
      for (let lookups = 0; lookups < 2; lookups += 1) {
        handle ??= await target.elementHandle().catch(() => null);
        if (!handle) break;
        const focus = await handle.evaluate(focusState).catch(() => undefined);
        if (focus?.targetConnected) return focus;
        await forget();
      }
      return this.page.evaluate(focusState, null);
    };
    const reached = async (focus: FocusState): Promise<boolean> => {
      if (!focus.targetFocused) return false;
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return true;
      await forget();
      return false;
    };
    try {
      if (await reached(await look())) return;
      for (let presses = 0; presses < maxPresses; presses += 1) {
        await this.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
        const focus = await look();
        this.note(focus);
        if (await reached(focus)) return;
      }
    } finally {
      await forget();
    }
    throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
  }

  /** Waits until `target` has the focus (a dialog moves it there once it has opened), then checks its indicator. */
  async waitForFocus(target: Locator): Promise<void> {
    await expect
      .poll(() => target.evaluate((element) => element === document.activeElement).catch(() => false), { timeout: 5000 })
      .toBe(true);
    this.note(await this.page.evaluate(focusState, null));
  }
}

export const SWEEP_DESKTOP = { width: 1280, height: 900 };
export const SWEEP_PHONE = { width: 375, height: 812 };

/**
 * One file of the accessibility sweep: its own server and browser (started in beforeAll), one window per viewer
 * kept for the file's tests (each test opens its routes afresh), and `test`, a test of one route as one viewer in
 * one or more states, each checked by axe for WCAG 2.2 A and AA.
 */
/** The owner's address in every sweep, and the server settings the three sweep files share. */
export const SWEEP_ADMIN_EMAIL = 'owner.sweep@example.com';
export const SWEEP_ENV = { ADMIN_EMAILS: SWEEP_ADMIN_EMAIL, SUPPORT_PHONE: '(631) 555-0199', TRUST_PROXY: '1' };

export class Sweep {
  server!: ServerProcess;
  browser!: Browser;
  /** How many states axe has checked in this file. */
  checked = 0;
  private readonly windows = new Map<string, Window>();

  constructor(env: Record<string, string>) {
    beforeAll(async () => {
      [this.server, this.browser] = await Promise.all([startServer({ env }), workerBrowser()]);
    });
    afterAll(async () => {
      await releaseBrowser(this.browser);
      await this.server?.stop();
    });
  }

  get url(): string {
    return this.server.url;
  }

  /**
   * The viewer's browser window, at desktop size. Each viewer browses from a client address of its own (honoured
   * with TRUST_PROXY): the sweep loads pages far faster than a person would, and the server's per-client rate
   * limit counts each viewer apart.
   */
  async window(viewer: string, person: HttpCustomer | undefined): Promise<Window> {
    let window = this.windows.get(viewer);
    if (!window) {
      window = await openWindow(this.browser, this.url, person, {
        viewport: SWEEP_DESKTOP,
        extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
      });
      window.page.setDefaultTimeout(8000);
      this.windows.set(viewer, window);
    }
    await window.page.setViewportSize(SWEEP_DESKTOP);
    return window;
  }

  /** Opens `path` and waits for its h1 (or the given text) before the check. */
  async visit(page: Page, path: string, ready: string | RegExp = /./): Promise<void> {
    await page.goto(`${this.url}${path}`);
    await page.locator('h1').filter({ hasText: ready }).first().waitFor();
    await page.locator('.page-spinner').waitFor({ state: 'detached' });
  }

  /** A test of the states `run` reaches, each checked with `findings.axe`; it fails with every finding of them. */
  test(name: string, run: (findings: Findings) => Promise<void>): void {
    it(name, async () => {
      const findings = new Findings();
      try {
        await run(findings);
      } finally {
        this.checked += findings.checked;
      }
      expect(findings.report()).toEqual([]);
    });
  }

  /** The file's last test: axe ran on every state the file lists (none was skipped on the way). */
  expectChecked(states: number): void {
    it(`ran axe on all ${states} states`, () => {
      expect(this.checked).toBe(states);
    });
  }
}

export const banner = (page: Page, text: string | RegExp) => page.locator('.timed-alert').filter({ hasText: text }).waitFor();
export const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
export const label = (page: Page, name: string) => page.getByLabel(name, { exact: true });

/** Closes the open dialog with its named button and waits until it has gone. */
export async function closeWith(page: Page, name: string): Promise<void> {
  const dialog = await openedDialog(page);
  await dialog.getByRole('button', { name, exact: true }).last().click();
  await noDialog(page);
}

const SWEEP_DAYS = upcomingWeekendDays(4, 2);
/** The sweep's weekend days: 0 and 1 for the full customer's appointments, 2 for a booking in the browser. */
export const sweepDay = (index: number) => SWEEP_DAYS[index] ?? '';

export type SweepAppointments = Record<'paid' | 'completed' | 'open' | 'remote', string>;

/**
 * The full state of the sweep, made over HTTP: the customer's appointments (one paid, so gone from their list; one
 * completed with an amount; two open, one of them remote), two error-log entries and a change-log entry.
 */
export async function fillSweepData(baseUrl: string, admin: HttpCustomer, full: HttpCustomer): Promise<SweepAppointments> {
  const booked: SweepAppointments = { paid: '', completed: '', open: '', remote: '' };
  booked.paid = (await bookOverHttp(baseUrl, full, sweepDay(0), '08:00am')).id;
  await describeOverHttp(baseUrl, full, booked.paid, 'Install a new printer.');
  await callAs(baseUrl, admin, 'PATCH', `/api/admin/appointments/${booked.paid}`, {
    amount: '40',
    isCompleted: true,
    isPaid: true,
    paymentMethod: 'cash',
  });
  booked.completed = (await bookOverHttp(baseUrl, full, sweepDay(0), '09:30am')).id;
  await describeOverHttp(baseUrl, full, booked.completed, 'The laptop is very slow since the last update.');
  await callAs(baseUrl, admin, 'PATCH', `/api/admin/appointments/${booked.completed}`, {
    amount: '75',
    isCompleted: true,
    notes: 'Bring a new charger',
  });
  booked.open = (await bookOverHttp(baseUrl, full, sweepDay(0), '11:00am')).id;
  await describeOverHttp(baseUrl, full, booked.open, 'Please help me set up video calls with my grandchildren.');
  booked.remote = (await bookOverHttp(baseUrl, full, sweepDay(1), '08:00am', true)).id;
  for (const message of ['Printer driver crashed', 'Scanner timed out']) {
    await callAs(baseUrl, full, 'POST', '/api/errors', { errorMessage: message, componentName: 'SweepTest' }, 204);
  }
  await callAs(
    baseUrl,
    admin,
    'POST',
    '/api/admin/config-changes',
    {
      date: '2026-11-21',
      time: '09:00',
      collectionName: 'software',
      context: 'Accounting database',
      description: 'Upgraded to the new version.',
    },
    201,
  );
  return booked;
}
