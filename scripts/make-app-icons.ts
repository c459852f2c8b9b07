/**
 * tsx scripts/make-app-icons.ts: draws the home-screen icons of the web app manifest (src/web/public/manifest.webmanifest)
 * from the favicon (src/web/public/favicon.svg), in the browser tests' Chromium, into src/web/public/icons/. Run it
 * again after the favicon changes and commit the PNGs.
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded corners, transparent outside them).
 * - icon-maskable-512.png, apple-touch-icon.png: full-bleed on the favicon's blue, with the drawing shrunk so that it
 *   lies inside the central circle of 80% that every launcher's mask keeps (the "safe zone"); iOS rounds the corners
 *   of the apple-touch-icon itself and shows black where it is transparent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/support/browser.ts';

const publicDir = fileURLToPath(new URL('../src/web/public/', import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, 'utf8');

/** The favicon's drawing without its rounded background, on a full square of the same blue, scaled about the centre. */
function fullBleed(scale: number): string {
  const background = /<rect [^>]*fill="(#[0-9a-f]+)"[^>]*\/>/i.exec(favicon);
  if (!background?.[1]) throw new Error('favicon.svg no longer starts with its background rectangle');
  const drawing = favicon
    .replace(background[0], '')
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background[1]}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${drawing}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // The drawing reaches about 28 units from the centre of 64; at 0.75 that is 21, inside the safe zone's 25.6.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.75) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.85) },
];

const browser = await launchBrowser();
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    writeFileSync(`${publicDir}icons/${file}`, await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`src/web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
