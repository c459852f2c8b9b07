import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('URLs as they are logged', () => {
  it('takes out every one-time code and token, in the query and in the path', () => {
    expect(redactUrl('/usermgmt?mode=resetPassword&oobCode=abc123')).toBe('/usermgmt?mode=resetPassword&oobCode=[redacted]');
    expect(redactUrl('/api/auth/verify-email?token=t0k3n&callbackURL=%2Fhome')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fhome',
    );
    expect(redactUrl('/api/auth/callback/google?code=4%2F0Ab&state=s7a7e&scope=email')).toBe(
      '/api/auth/callback/google?code=[redacted]&state=[redacted]&scope=email',
    );
    expect(redactUrl('/api/auth/reset-password/SECRETTOKEN?callbackURL=%2Freset')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset',
    );
    expect(redactUrl('/calendar/Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXU.ics')).toBe('/calendar/[redacted]');
    expect(redactUrl('/api/voice/reminder/MjAyNjEyMTItYWJj.1790000000.c2lnbmF0dXJl')).toBe('/api/voice/reminder/[redacted]');
    expect(redactUrl('/api/account/action?%6FobCode=x')).toBe('/api/account/action?%6FobCode=[redacted]');
    expect(redactUrl('/x?apiKey=1&session_id=2&password=3')).toBe('/x?apiKey=[redacted]&session_id=[redacted]&password=[redacted]');
  });

  it('takes out e-mail addresses and the trusted contact stop link, and any parameter the app does not use', () => {
    expect(redactUrl('/api/admin/customers?email=jane.doe%40example.com')).toBe('/api/admin/customers?email=[redacted]');
    expect(redactUrl('/contact-copies/stop?u=user123&e=ann%40example.com&s=c2lnbmF0dXJl')).toBe(
      '/contact-copies/stop?u=[redacted]&e=[redacted]&s=[redacted]',
    );
    expect(redactUrl('/dev/mailbox.json?to=owner@example.com')).toBe('/dev/mailbox.json?to=[redacted]');
    expect(redactUrl('/dev/sms?to=%2B16315550177')).toBe('/dev/sms?to=[redacted]');
    expect(redactUrl('/api/admin/paid?from=2026-01-01&to=6315550177')).toBe('/api/admin/paid?from=2026-01-01&to=[redacted]');
    expect(redactUrl('/?utm_source=mail&fbclid=abc')).toBe('/?utm_source=[redacted]&fbclid=[redacted]');
  });

  it('leaves everything else as it was', () => {
    for (const url of [
      '/',
      '/api/appointments/availability?month=2026-11',
      '/api/admin/paid?from=2026-01-01&to=2026-12-31',
      '/home#top',
      '/usermgmt?mode=resetPassword&lang=es',
      '/makepayment?appointment=0b6c1d2e',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
