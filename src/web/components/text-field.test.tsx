// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

const registration = { name: 'password', onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined };
const HINT = 'Must be 10 characters or more';

describe('a text field', () => {
  afterEach(cleanup);

  it('reads its hint with the field, and its error after it', () => {
    render(<TextField label="Password" registration={registration} hint={HINT} error="Please enter a password." />);
    const field = screen.getByLabelText('Password');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([HINT, 'Please enter a password.']);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
