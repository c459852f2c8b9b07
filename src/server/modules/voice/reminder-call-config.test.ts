import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const TWILIO = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+16315550199' };
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://techhelp.example',
  AUTH_SECRET: 'q5pPq0x8y1D1sR0o3wQ2vVt7gZ9kL4mN6bC8aE1fH3jK5lP7rT9uW2yX4zA6cB8d',
  PAYMENTS_TEST_MODE: 'true',
  MAIL_DISABLED: 'true',
};
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'techhelp-calls-')), ...env });
const problemsOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('the reminder calls in the configuration (decision 040)', () => {
  it('are off unless REMINDER_CALLS is true, Twilio or not', () => {
    expect(load({}).reminderCalls).toBeUndefined();
    expect(load(TWILIO).reminderCalls).toBeUndefined();
  });

  it('come from TWILIO_VOICE_FROM, else the texts number; without Twilio (development) from nowhere', () => {
    expect(load({ ...TWILIO, REMINDER_CALLS: 'true', TWILIO_VOICE_FROM: '+16315550177' }).reminderCalls).toEqual({ from: '+16315550177' });
    expect(load({ ...TWILIO, REMINDER_CALLS: 'true' }).reminderCalls).toEqual({ from: '+16315550199' });
    expect(load({ REMINDER_CALLS: 'true' }).reminderCalls).toEqual({ from: undefined });
  });

  it('refuse to start in production without Twilio, and a calling number without the account', () => {
    expect(problemsOf({ ...PRODUCTION, REMINDER_CALLS: 'true' })).toEqual([
      expect.stringMatching(/^REMINDER_CALLS: needs TWILIO_ACCOUNT_SID/),
    ]);
    expect(problemsOf({ ...PRODUCTION, ...TWILIO, REMINDER_CALLS: 'true' })).toEqual([]);
    expect(problemsOf({ TWILIO_VOICE_FROM: '+16315550177' })).toEqual([expect.stringMatching(/^TWILIO_VOICE_FROM: needs/)]);
    expect(problemsOf({ ...TWILIO, TWILIO_VOICE_FROM: '6315550177' })[0]).toMatch(
      /^TWILIO_VOICE_FROM: must be the number calls come from in E\.164/,
    );
  });
});
