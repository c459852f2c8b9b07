import { afterEach, beforeEach, vi } from 'vitest';

/** A test that makes anything print to console.error fails: errors are never allowed to pass quietly. */
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const shown = errors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${shown}`);
  }
});
