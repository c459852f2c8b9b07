import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * npm test names the projects it runs (scripts/test.mjs), so that the PostgreSQL tests and Lighthouse's audit stay
 * out of it. A project added to vitest.config.ts must then be run by npm test, npm run test:db or npm run
 * test:lighthouse (which CI runs), never by nothing.
 */
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('the test projects', () => {
  it('are each run by npm test, test:db or test:lighthouse', () => {
    const projects = [...read('vitest.config.ts').matchAll(/\bname: '([\w-]+)'/g)].map((match) => match[1]);
    const npmTest = /const PROJECTS = \[([^\]]*)\]/.exec(read('scripts/test.mjs'))?.[1] ?? '';
    const inNpmTest = [...npmTest.matchAll(/'([\w-]+)'/g)].map((match) => match[1]);
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    const elsewhere = [scripts['test:db'], scripts['test:lighthouse']].flatMap((script) =>
      [...(script ?? '').matchAll(/--project ([\w-]+)/g)].map((match) => match[1]),
    );
    expect(projects.length).toBeGreaterThan(5);
    expect(projects.filter((name) => !inNpmTest.includes(name) && !elsewhere.includes(name))).toEqual([]);
    expect(inNpmTest).not.toContain('postgres');
    expect(inNpmTest).not.toContain('lighthouse');
    expect(read('.ci/run')).toContain('npm run test:lighthouse');
  });
});
