import { describe, expect, it } from 'vitest';
import { loginReturningTo, returnPath } from './return-path.ts';

describe('the path after sign-in', () => {
  it('keeps a path of this app with its query', () => {
    expect(returnPath('/makepayment?appointment=20261128-abc')).toBe('/makepayment?appointment=20261128-abc');
    expect(returnPath('/account')).toBe('/account');
  });

  it.each([
    null,
    '',
    'https://evil.example/home',
    '//evil.example/home',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login?next=/account',
    ' /account',
    `/${'a'.repeat(600)}`,
  ])('refuses %j and goes home', (raw) => {
    expect(returnPath(raw)).toBe('/home');
  });

  it('writes the login link with the way back', () => {
    expect(loginReturningTo('/makepayment?appointment=20261128-abc')).toBe('/login?next=%2Fmakepayment%3Fappointment%3D20261128-abc');
    expect(loginReturningTo('/home')).toBe('/login');
    expect(loginReturningTo('https://evil.example/')).toBe('/login');
  });
});
