import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/server/config.ts';

export function temporaryDirectory(prefix = 'techhelp-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A valid configuration for tests, from an environment like the one a deployment would give. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: temporaryDirectory(),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...env,
  });
}
