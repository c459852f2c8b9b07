import { afterEach, beforeEach, vi } from 'vitest';

/** A test that makes anything print to console.error fails: errors are never allowed to pass quietly. */
let errors: unknown[][] = [];
let allowed: RegExp[] = [];

/** For a test that provokes an error on purpose: console.error output matching the pattern is expected. */
export function allowConsoleErrors(pattern: RegExp): void {
  allowed.push(pattern);
}

beforeEach(() => {
  errors = [];
  allowed = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const text = (args: unknown[]) => args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');
  const unexpected = errors.map(text).filter((line) => !allowed.some((pattern) => pattern.test(line)));
  if (unexpected.length > 0) throw new Error(`console.error was called during the test:\n${unexpected.join('\n')}`);
});
