import { EMAIL_PATTERN } from '../../../../shared/account-forms.ts';

/**
 * The attributes every e-mail field shares: the e-mail keyboard on a phone, no capital first letter, and the
 * spec's lower-case pattern. Browsers compile `pattern` with the `v` flag, where a bare '-' ending a character
 * class is a syntax error, so it is escaped there.
 */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
  required: true,
  pattern: EMAIL_PATTERN.source.replaceAll('-]', '\\-]'),
} as const;
