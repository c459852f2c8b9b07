import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../scripts/pngs.ts';
import { temporaryDirectory } from '../support/config.ts';

/**
 * npm run screens (scripts/screens.ts), in its cheapest run: one screen at one size, into a folder of the test's
 * own, against the built server (dist/, made by npm test before the tests). It starts the server, seeds the
 * owner and the customer's visits over the API, and photographs the page in the tests' Chromium.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));

function screens(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/screens.ts', ...args], { cwd: REPO, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run screens', () => {
  it('writes the screen asked for as a desktop-wide PNG of the whole page, and lists it in the README with its note', async () => {
    const out = temporaryDirectory('techhelp-screens-');
    const { code, output } = await screens(['check', '--out', out, '--only', 'landing', '--variants', 'desktop', '--no-build']);
    expect(code, output).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['README.md', 'landing-desktop.png']);
    const png = readFileSync(path.join(out, 'landing-desktop.png'));
    const { width, height } = pngSize(png);
    expect(width).toBe(1280);
    // The whole page, longer than the 800-pixel window: the header, the hero, the steps, the map and the footer.
    expect(height).toBeGreaterThan(1600);
    // A blank or half-drawn page compresses to a few kilobytes.
    expect(png.length).toBeGreaterThan(40_000);
    const readme = readFileSync(path.join(out, 'README.md'), 'utf8');
    expect(readme).toContain('# Screens: check');
    expect(readme).toContain('- [landing-desktop.png](landing-desktop.png): Public home page (/), signed out. Desktop.');
  });

  it('refuses a screen it does not know, naming the ones it does', async () => {
    const { code, output } = await screens(['check', '--only', 'nowhere', '--no-build']);
    expect(code).toBe(1);
    expect(output).toContain('unknown screens: nowhere (known: landing, services,');
  });
});
