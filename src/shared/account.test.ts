import { describe, expect, it } from 'vitest';
import { NAME_PATTERN } from './account.ts';

describe('the name rule', () => {
  it('takes letters of any alphabet, accented ones too, with apostrophes, hyphens and spaces', () => {
    for (const name of ['José', 'Muñoz', 'María José', "O'Neil", 'García-Pérez', 'Zoë', 'Ana'])
      expect(NAME_PATTERN.test(name), name).toBe(true);
  });

  it('refuses digits, other signs, an empty name and more than 32 characters', () => {
    for (const name of ['R2D2', 'Ana!', 'a@b', '', 'J'.repeat(33), '<b>']) expect(NAME_PATTERN.test(name), name).toBe(false);
  });
});
