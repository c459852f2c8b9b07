import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { staleness } from '../../scripts/build-if-stale.mjs';

describe('the build is made again only when it is older than what it is made of (scripts/build-if-stale.mjs)', () => {
  let folder = '';
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  function project(): string {
    folder = mkdtempSync(path.join(tmpdir(), 'stale-'));
    mkdirSync(path.join(folder, 'src/web'), { recursive: true });
    writeFileSync(path.join(folder, 'src/web/main.tsx'), 'x');
    writeFileSync(path.join(folder, 'package-lock.json'), '{}');
    return folder;
  }
  const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

  it('builds when no build finished, or when a source, the lock or the build script changed after it', () => {
    const root = project();
    expect(staleness(root)).toBe('no finished build');
    mkdirSync(path.join(root, 'dist'));
    const stamp = path.join(root, 'dist/.build-stamp');
    writeFileSync(stamp, 'done');
    for (const file of ['src/web/main.tsx', 'src/web', 'src', 'package-lock.json']) at(path.join(root, file), 1_000);
    at(stamp, 2_000);
    expect(staleness(root)).toBeUndefined();
    at(path.join(root, 'src/web/main.tsx'), 3_000);
    expect(staleness(root)).toBe('src changed since the last build');
    at(path.join(root, 'src/web/main.tsx'), 1_000);
    at(path.join(root, 'package-lock.json'), 3_000);
    expect(staleness(root)).toBe('package-lock.json changed since the last build');
    at(path.join(root, 'package-lock.json'), 1_000);
    mkdirSync(path.join(root, 'scripts'));
    writeFileSync(path.join(root, 'scripts/bundle-server.mjs'), '');
    at(path.join(root, 'scripts/bundle-server.mjs'), 3_000);
    expect(staleness(root)).toBe('scripts/bundle-server.mjs changed since the last build');
  });
});
