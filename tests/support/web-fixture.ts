import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { APP_CONFIG_PLACEHOLDER } from '../../src/shared/app-config.ts';

/** The script of the fixture: what a hashed bundle of the build would hold, only shorter. */
export const FIXTURE_SCRIPT = `document.getElementById('root').textContent = ${JSON.stringify('TechHelp '.repeat(200))};\n`;

/**
 * Writes a stand-in for the built browser app (dist/web) into `root`: an index.html with the app-config placeholder
 * the server fills in, and one hashed script, /assets/index-<hash>.js, with the .br and .gz copies the build makes
 * beside it. The integration tests serve it (tests/support/app.ts), so that they need no `npm run build`; the real
 * build is served by the process and browser tests. Returns the script's address.
 */
export function writeWebFixture(root: string): string {
  const hash = createHash('sha256').update(FIXTURE_SCRIPT).digest('base64url').slice(0, 8);
  const script = `/assets/index-${hash}.js`;
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <title>TechHelp</title>',
      // As long as the built page's head (about 1.5 kB with its icons, manifest and preloads): over the 1 kB from
      // which the server compresses an answer.
      ...Array.from(
        { length: 8 },
        (_, index) =>
          `    <link rel="icon" href="/icons/icon-${index}.png" sizes="${(index + 1) * 32}x${(index + 1) * 32}" type="image/png" />`,
      ),
      `    ${APP_CONFIG_PLACEHOLDER}`,
      `    <script type="module" crossorigin src="${script}"></script>`,
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
  );
  const file = path.join(root, script);
  writeFileSync(file, FIXTURE_SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(FIXTURE_SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(FIXTURE_SCRIPT));
  return script;
}
