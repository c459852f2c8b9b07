import {
  accessSync,
  chmodSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliDecompress, createBrotliDecompress } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, errors, type Locator, type Page } from 'playwright-core';

/** Headless, talking to nothing but the servers under test: the flags every Chromium here is started with. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How to start the Chromium of the browser tests and of Lighthouse. */
export type ChromiumLaunch = {
  executablePath: string;
  args: string[];
  /** The whole environment of the browser process (process.env, plus what the packaged build needs). */
  env: Record<string, string | undefined>;
  /** True for the build carried by the npm package @sparticuz/chromium. */
  packaged: boolean;
};

/** `CHROMIUM_PATH=packaged` forces the packaged build even where a system Chromium is installed. */
const PACKAGED = 'packaged';

/**
 * Debian's Chromium, the headless shell first: package chromium-headless-shell, the same Chromium (Blink, V8, the
 * network stack) without the browser's windows and tabs, which is what Playwright itself runs headless tests in.
 * A new browser context costs it about 0.06 CPU-seconds against 0.7 in the full browser, and the browser tests
 * make hundreds (decision 017). The full browser (package chromium) is used where the shell is not installed.
 */
const SYSTEM_CHROMIUMS = ['chromium-headless-shell', 'chromium'];

const isExecutableFile = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Debian's Chromium headless shell in /usr/bin or on PATH, else Debian's full Chromium in /usr/bin or on PATH. */
function systemChromium(): string | undefined {
  const directories = ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const name of SYSTEM_CHROMIUMS) {
    const found = directories.map((directory) => path.join(directory, name)).find(isExecutableFile);
    if (found) return found;
  }
  return undefined;
}

/** Writes the regular files and folders of an uncompressed tar archive under `directory` (nothing else is expected). */
function untar(archive: Buffer, directory: string, name: string) {
  const field = (header: Buffer, start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const prefix = field(header, 345, 155);
    const entry = path.normalize(prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const target = path.join(directory, entry);
    if (entry.startsWith('..') || path.isAbsolute(entry)) throw new Error(`${name}: ${entry} lies outside the archive`);
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '\0') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, archive.subarray(offset + 512, offset + 512 + size), {
        mode: Number.parseInt(field(header, 100, 8).trim() || '644', 8) & 0o755,
      });
    } else throw new Error(`${name}: ${entry} is a tar entry of type ${type}, which this reader does not handle`);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * Unpacks the Chromium that the npm package @sparticuz/chromium carries (brotli-compressed in its bin folder;
 * nothing is downloaded, at install or here) into node_modules/.cache/sparticuz-chromium/<version>, once: the
 * binary, the NSS libraries it links against and a font. The package's own executablePath() unpacks into the
 * root of the system's temporary folder and takes any file already named /tmp/chromium for a finished one,
 * whatever its version and even while another test file is still writing it; here each process unpacks into a
 * folder of its own and renames it into place whole, so test files starting together never see half a browser.
 */
async function unpackPackagedChromium(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `@sparticuz/chromium carries a Chromium for Linux x64 only, not ${process.platform} ${process.arch}: set CHROMIUM_PATH`,
    );
  }
  const packageDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '../..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const binDir = path.join(packageDir, 'bin');
  const target = path.resolve(packageDir, '../../.cache/sparticuz-chromium', version);
  if (existsSync(path.join(target, 'chromium'))) return target;

  mkdirSync(path.dirname(target), { recursive: true });
  const staging = mkdtempSync(`${target}.partial-`);
  try {
    chmodSync(staging, 0o755);
    await pipeline(
      createReadStream(path.join(binDir, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(path.join(staging, 'chromium'), { mode: 0o755 }),
    );
    for (const archive of ['al2023.tar.br', 'fonts.tar.br']) {
      untar(await promisify(brotliDecompress)(readFileSync(path.join(binDir, archive))), staging, archive);
    }
    // The package's fonts.conf names Lambda's folders; this one names the unpacked font where it will stay.
    writeFileSync(
      path.join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(target, 'fonts')}</dir>\n  <cachedir>${path.join(target, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another process renamed its copy into place first: that one is whole.
    if (!existsSync(path.join(target, 'chromium'))) throw error;
  }
  return target;
}

/** The libraries the packaged binary links against besides the C library; Debian's Chromium brings them along. */
const NSS_LIBRARIES = ['libnss3.so', 'libnssutil3.so', 'libnspr4.so', 'libplc4.so', 'libplds4.so', 'libexpat.so.1'];
const LIBRARY_DIRS = ['/lib/x86_64-linux-gnu', '/usr/lib/x86_64-linux-gnu', '/lib64', '/usr/lib64', '/lib', '/usr/lib'];

async function packagedChromium(): Promise<ChromiumLaunch> {
  const directory = await unpackPackagedChromium();
  const env: Record<string, string | undefined> = { ...process.env };
  // The package's copies of NSS were built on Amazon Linux 2023 (glibc 2.34): used only where the system has none.
  const systemLacksNss = NSS_LIBRARIES.some((library) => !LIBRARY_DIRS.some((dir) => existsSync(path.join(dir, library))));
  if (systemLacksNss) env.LD_LIBRARY_PATH = [path.join(directory, 'lib'), env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  // Its fontconfig is built in; without the system's configuration it would find no font at all.
  if (!existsSync('/etc/fonts/fonts.conf')) env.FONTCONFIG_PATH = directory;
  // Not the package's own `args`: they are made for AWS Lambda, and --single-process, --disable-web-security,
  // --allow-running-insecure-content and no site isolation would test a browser weaker than any customer's. The
  // build runs here with the flags above; of the package's flags only the two that keep it from phoning home are
  // added.
  return {
    executablePath: path.join(directory, 'chromium'),
    args: [...CHROMIUM_FLAGS, '--disable-domain-reliability', '--no-pings'],
    env,
    packaged: true,
  };
}

let chosen: Promise<ChromiumLaunch> | undefined;

/**
 * The Chromium to test in: `CHROMIUM_PATH` when set (`CHROMIUM_PATH=packaged` for the packaged build), else
 * Debian's headless shell (/usr/bin/chromium-headless-shell), else Debian's full Chromium (/usr/bin/chromium), else
 * the one inside the npm package @sparticuz/chromium (itself a headless shell build), so that the browser tests need
 * nothing but Node and npm.
 */
export function chromiumToTestIn(): Promise<ChromiumLaunch> {
  chosen ??= (async () => {
    const configured = process.env.CHROMIUM_PATH || undefined;
    const system = configured === PACKAGED ? undefined : (configured ?? systemChromium());
    if (system) return { executablePath: system, args: CHROMIUM_FLAGS, env: { ...process.env }, packaged: false };
    return packagedChromium();
  })();
  return chosen;
}

/**
 * How long each of the waits a `locator.waitFor()` is cut into may last. Playwright looks for the element after
 * 0, 20, 70, 170 and 270 ms and then only every 500 ms, unless the wait's timeout is under 2.5 s, when the
 * 500 ms step is left out and it looks every 100 ms. An element that appears at 300 ms is otherwise seen at 770:
 * about a quarter of the heaviest browser files' time (docs/measurements/test-run-speed.md).
 */
const WAIT_SLICE_MS = 2000;

type LocatorInternals = Locator & {
  _frame?: { _timeout?(options: { timeout?: number }): number | { timeout?: unknown } };
};

let waitsSliced = false;

/**
 * Makes every `locator.waitFor()` look for its element every 100 ms instead of every 500: the same wait (the same
 * states, strictness and total timeout, the page's default when none is given) as slices of WAIT_SLICE_MS, each a
 * call of Playwright's own waitFor. The total comes from Playwright's client (`_frame._timeout`, how waitFor reads
 * the page's default); if that ever goes, this throws instead of waiting for a different time.
 */
function sliceLocatorWaits(page: Page): void {
  if (waitsSliced) return;
  waitsSliced = true;
  const prototype = Object.getPrototypeOf(page.locator('body')) as Locator;
  const waitFor = prototype.waitFor;
  prototype.waitFor = async function slicedWaitFor(this: LocatorInternals, options = {}) {
    const timeoutOf = this._frame?._timeout;
    if (typeof timeoutOf !== 'function')
      throw new Error('playwright-core changed: Locator._frame._timeout is gone (tests/support/browser.ts)');
    // A number up to playwright-core 1.64; `{ signal, timeout }` since 1.65.
    const settled = timeoutOf.call(this._frame, options);
    const total = typeof settled === 'number' ? settled : settled.timeout;
    if (typeof total !== 'number' || Number.isNaN(total))
      throw new Error('playwright-core changed: Locator._frame._timeout gives no timeout (tests/support/browser.ts)');
    if (total === 0) return waitFor.call(this, options);
    const deadline = Date.now() + total;
    for (;;) {
      const left = deadline - Date.now();
      try {
        return await waitFor.call(this, { ...options, timeout: Math.max(1, Math.min(WAIT_SLICE_MS, left)) });
      } catch (error) {
        if (!(error instanceof errors.TimeoutError)) throw error;
        if (left <= WAIT_SLICE_MS) {
          error.message = error.message.replace(/Timeout \d+ms exceeded/, `Timeout ${total}ms exceeded`);
          throw error;
        }
      }
    }
  };
}

/** A browser of its own: for a test that needs one (Lighthouse's audit); the others share `workerBrowser()`. */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args, env } = await chromiumToTestIn();
  const browser = await chromium.launch({ executablePath, args: [...args, '--disable-quic'], env });
  if (!waitsSliced) {
    const page = await browser.newPage();
    sliceLocatorWaits(page);
    await page.context().close();
  }
  return browser;
}

let shared: Promise<Browser> | undefined;

/**
 * The browser of this test worker: launched by the first browser test file the worker runs and used by the ones
 * after it (the browser test files run one after the other in a worker, sharing its modules). A file works in
 * contexts of its own and closes them with `releaseBrowser`; Playwright closes the browser when the worker ends.
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then(
    (browser) => {
      browser.on('disconnected', () => {
        shared = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** Ends a file's use of the worker's browser: closes every context it left open. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  await Promise.all(browser.contexts().map((context) => context.close()));
}

export type WatchedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/**
 * Motion as most customers have it: fades and slides run. Contexts ask for reduced motion unless a test passes
 * this (decision 017): the tests of the fades, the carousel and the keyboard journeys do.
 */
export const WITH_MOTION = { reducedMotion: 'no-preference' } as const satisfies BrowserContextOptions;

/**
 * A page in its own context that records every console error and uncaught page error, with no service worker
 * unless `options` allow them. The context prefers
 * reduced motion unless `options` say otherwise: a dialog then opens and closes without its fade, which the
 * browser would otherwise paint frame by frame on the test machine's CPU for every one of hundreds of dialogs.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  // The built app registers the offline page's service worker (src/server/plugins/offline.ts); it is kept out
  // unless a test asks for it (tests/e2e/app-install.test.ts), so that every page load is the server's own.
  const context = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return { page, context, consoleErrors };
}

/**
 * Holds the page's toasts on screen while a test reads them. A toast lasts under two seconds, too short to be sure
 * of on a busy machine. The toast library times a toast with its progress bar's CSS animation and closes the toast
 * when that animation ends; it sets the animation running or paused in the bar's inline style (paused while hovered
 * or while the window has lost the focus). A style sheet adopted by the document pauses every progress bar with
 * `!important`, which wins over an inline style: a held toast never times out, whatever the mouse, the focus or the
 * machine's load do, until `releaseToasts`. (Adopted sheets are built by script, so the page's Content-Security-Policy,
 * which refuses inline <style>, lets them be.) Call this before what brings the toast up.
 */
export function holdToasts(page: Page): Promise<void> {
  return page.evaluate(() => {
    const held = window as { __heldToasts?: CSSStyleSheet };
    if (held.__heldToasts) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.Toastify__progress-bar { animation-play-state: paused !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    held.__heldToasts = sheet;
  });
}

/** Lets the page's toasts run again: a held toast runs on and leaves by itself. */
export function releaseToasts(page: Page): Promise<void> {
  return page.evaluate(() => {
    const held = window as { __heldToasts?: CSSStyleSheet };
    const sheet = held.__heldToasts;
    if (!sheet) return;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    held.__heldToasts = undefined;
    // A toast the mouse rests on, or that the window's focus loss paused, runs on as when the window gets it back.
    window.dispatchEvent(new Event('focus'));
  });
}

/** Closes the toast on screen with its close button and waits until it has gone. */
export async function closeToast(page: Page): Promise<void> {
  await page.locator('.Toastify__toast .Toastify__close-button').click();
  await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Rules the sweeps run whatever their tags: label-content-name-mismatch checks WCAG 2.5.3 Label in Name, that a
 * control's accessible name contains its visible text, so a person using voice control can say what they see.
 * Before axe-core 4.14 it was tagged "experimental" and left out by a tag filter; an enabled rule runs alongside
 * runOnly's tags (tests/e2e/axe-rules.test.ts fails if it does not run).
 */
export const EXTRA_RULES = ['label-content-name-mismatch'];

/** axe.run options: the WCAG tags plus EXTRA_RULES. */
export const AXE_RUN_OPTIONS = {
  runOnly: { type: 'tag' as const, values: WCAG_TAGS },
  rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
};

export type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/**
 * axe-core 4.14, a devDependency of its own, which AxeBuilder is given too: @axe-core/playwright 4.14 asks for
 * Node 22, so the 4.13 wrapper (Node 20 and 24) injects this copy instead of its own 4.13.
 */
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
  if (page.frames().length > 1)
    return (await new AxeBuilder({ page, axeSource: AXE_SOURCE }).options(AXE_RUN_OPTIONS).analyze()).violations;
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not stand in the way.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const results = await axe.run(document, { ...options, resultTypes: ['violations'], iframes: false });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, AXE_RUN_OPTIONS);
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

/**
 * Waits until the page has run the tasks it had queued. React renders and runs its effects in MessageChannel
 * tasks, which Playwright's fake clock (page.clock) does not hold back: a message posted now arrives after those
 * already queued. Twice, for the effects a render lets through. Used after input or page.clock.runFor, before
 * looking for what should (not) have happened.
 */
export async function afterQueuedTasks(page: Page): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}
