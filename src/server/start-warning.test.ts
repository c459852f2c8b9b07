import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startWarnings } from './start-warning.ts';

const startWarning = (checked: ReturnType<typeof config>) => startWarnings(checked).join('\n') || undefined;

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'techhelp-warning-')), ...env });

describe('the warning printed at start', () => {
  it('warns when the server is reachable from other computers and e-mails stay in the development mailbox', () => {
    expect(startWarning(config({}))).toMatch(/listens on 0\.0\.0\.0, reachable from other computers, and has no SMTP_URL/);
    expect(startWarning(config({ HOST: '192.168.1.20' }))).toMatch(/Set SMTP_URL to send them, or HOST=127\.0\.0\.1/);
  });

  it('stays quiet on this machine only, with SMTP, or with e-mail switched off on purpose', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(startWarning(config({ HOST: host })), host).toBeUndefined();
    expect(startWarning(config({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBeUndefined();
    expect(startWarning(config({ MAIL_DISABLED: 'true' }))).toBeUndefined();
  });

  it('warns at every start while PAYMENTS_TEST_MODE is on, naming what takes the payments', () => {
    const local = { HOST: '127.0.0.1' };
    expect(startWarnings(config({ ...local, PAYMENTS_TEST_MODE: 'true' }))).toEqual([
      expect.stringMatching(/^PAYMENTS_TEST_MODE is on: payments move no money \(the built-in test mode\).*PAYPAL_ENV=live/),
    ]);
    const sandbox = { ...local, PAYMENTS_TEST_MODE: 'true', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(startWarnings(config(sandbox))).toEqual([
      expect.stringMatching(/^PAYMENTS_TEST_MODE is on: payments move no money \(PayPal's sandbox\)/),
    ]);
    expect(startWarnings(config(local))).toEqual([]);
  });
});
