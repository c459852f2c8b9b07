import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', ROOT), 'utf8')) as {
  packages: Record<string, { engines?: Record<string, string> | string[] }>;
};

/**
 * The app supports Node 20 and 24 (package.json's `engines`: the oldest release it runs on), and so must every package
 * it installs, for the server and for the build and the tests alike: a package that declares a newer Node may use
 * what Node 20 lacks, and npm warns at every install. The pins that keep this true are package.json's `overrides`.
 */
const SUPPORTED = [semver.minVersion(pkg.engines.node)?.version ?? '', '24.0.0'];

describe('supported Node versions', () => {
  it('package.json names the oldest supported Node 20', () => {
    expect(SUPPORTED[0]).toMatch(/^20\./);
  });

  it.each(SUPPORTED)('every installed package supports Node %s', (version) => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const range = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
        return range && !semver.satisfies(version, range) ? [`${name.replace(/^.*node_modules\//, '')} (${range})`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
