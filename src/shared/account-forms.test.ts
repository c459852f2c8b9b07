import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EmailOnlySchema, LoginSchema, ResetPasswordSchema, SignUpSchema } from './account.ts';
import {
  type Checked,
  checkEmailOnly,
  checkLogin,
  checkResetPassword,
  checkSignUp,
  EMAIL_MAX_LENGTH,
  INCOMPLETE_LINK,
  MESSAGES,
  OOB_CODE_MAX_LENGTH,
  OOB_CODE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
} from './account-forms.ts';

/** Fixed, so that `npm test` passes or fails the same every time; the cases below cover the edges by name. */
const SEED = 20261124;
const RUNS = 2000;

/** What react-hook-form's zod resolver gives a form: the parsed values, or each field's first message. */
function viaZod<T>(schema: z.ZodType<T>, form: unknown, messages: Record<string, string> = {}): Checked<T> {
  const result = schema.safeParse(form);
  if (result.success) return { ok: true, value: result.data } as Checked<T>;
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    problems[field] ??= messages[field] ?? issue.message;
  }
  return { ok: false, problems } as Checked<T>;
}

/** Addresses near the rule's edges: valid ones, upper case, spaces around or inside, missing parts, too long. */
const email = fc.oneof(
  fc.constantFrom('', ' ', 'ana@example.com', ' ana@example.com ', 'Ana@example.com', 'ana@example', 'ana@@example.com', 'a@b.co'),
  fc
    .tuple(
      fc.constantFrom('', ' ', '  '),
      fc.stringMatching(/^[a-zA-Z0-9._%+ -]{0,12}$/),
      fc.constantFrom('@', '', '@@'),
      fc.stringMatching(/^[a-zA-Z0-9.-]{0,10}$/),
      fc.constantFrom('.com', '.c', '.COM', '', '.org '),
      fc.constantFrom('', ' '),
    )
    .map((parts) => parts.join('')),
  fc.integer({ min: EMAIL_MAX_LENGTH - 12, max: EMAIL_MAX_LENGTH + 2 }).map((length) => `${'a'.repeat(length - 12)}@example.com`),
);
const password = fc.oneof(
  fc.string({ maxLength: 14 }),
  fc.constantFrom(' '.repeat(10), 'p'.repeat(PASSWORD_MAX_LENGTH), 'p'.repeat(PASSWORD_MAX_LENGTH + 1), 'ñandú-2026!'),
  fc.string({ minLength: PASSWORD_MAX_LENGTH - 2, maxLength: PASSWORD_MAX_LENGTH + 2 }),
);
/** A second copy that is often the first, or the first in other case or with spaces. */
const repeated = (first: string) => fc.constantFrom(first, first.toUpperCase(), ` ${first} `, `${first}x`, '').map((copy) => copy);

describe('the signed-out forms check as their zod schemas do (decision 019)', () => {
  it('login: the same values or the same first message for each field', () => {
    fc.assert(
      fc.property(email, password, fc.boolean(), (address, secret, rememberMe) => {
        const form = { email: address, password: secret, rememberMe };
        expect(checkLogin(form)).toEqual(viaZod(LoginSchema, form));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('sign-up: the same values or the same first message for each field, the mismatches included', () => {
    const form = fc.tuple(email, password).chain(([address, secret]) =>
      fc.record({
        email: fc.constant(address),
        confirmEmail: repeated(address),
        password: fc.constant(secret),
        confirmPassword: repeated(secret),
      }),
    );
    fc.assert(
      fc.property(form, (values) => {
        expect(checkSignUp(values)).toEqual(viaZod(SignUpSchema, values));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('forgot password: the same address or the same message', () => {
    fc.assert(
      fc.property(email, (address) => {
        expect(checkEmailOnly({ email: address })).toEqual(viaZod(EmailOnlySchema, { email: address }));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('reset password: the same values or the same first message, an incomplete link for a code of the wrong length', () => {
    const code = fc.oneof(
      fc.string({ maxLength: OOB_CODE_MIN_LENGTH + 2 }),
      fc.string({ minLength: OOB_CODE_MAX_LENGTH - 2, maxLength: OOB_CODE_MAX_LENGTH + 2 }),
    );
    const form = fc
      .tuple(code, password)
      .chain(([oobCode, secret]) =>
        fc.record({ oobCode: fc.constant(oobCode), newPassword: fc.constant(secret), confirmPassword: repeated(secret) }),
      );
    fc.assert(
      fc.property(form, (values) => {
        // zod words the code's length its own way; the screen tells an incomplete link whatever the words.
        expect(checkResetPassword(values)).toEqual(viaZod(ResetPasswordSchema, values, { oobCode: INCOMPLETE_LINK }));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('answers the named edge cases as the spec says', () => {
    expect(checkLogin({ email: ' ana@example.com ', password: 'long enough', rememberMe: true })).toEqual({
      ok: true,
      value: { email: 'ana@example.com', password: 'long enough', rememberMe: true },
    });
    expect(checkLogin({ email: 'Ana@example.com', password: 'short', rememberMe: false })).toEqual({
      ok: false,
      problems: { email: MESSAGES.emailInvalid, password: MESSAGES.passwordTooShort },
    });
    expect(
      checkSignUp({ email: 'ana@example.com', confirmEmail: 'ANA@example.com ', password: 'long enough', confirmPassword: 'Long enough' }),
    ).toEqual({
      ok: false,
      problems: { confirmPassword: MESSAGES.passwordsDoNotMatch.title },
    });
    expect(checkEmailOnly({ email: `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com` })).toEqual({
      ok: false,
      problems: { email: MESSAGES.emailInvalid },
    });
  });
});
