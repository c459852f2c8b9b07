// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSignUp, MESSAGES, type SignUpForm } from '../../shared/account-forms.ts';
import { type Problems, useCheckedForm } from './checked-form.ts';

const EMPTY: SignUpForm = { email: '', confirmEmail: '', password: '', confirmPassword: '' };

function SignUp({
  onValid,
  onInvalid,
}: {
  onValid: (values: SignUpForm) => Promise<void>;
  onInvalid?: (problems: Problems<SignUpForm>) => void;
}) {
  const { register, handleSubmit, reset, problems, isSubmitting } = useCheckedForm(EMPTY, checkSignUp);
  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      {(['email', 'confirmEmail', 'password', 'confirmPassword'] as const).map((name) => (
        <p key={name}>
          <label>
            {name}
            <input {...register(name)} aria-invalid={problems[name] ? true : undefined} />
          </label>
          {problems[name] && <span role="note">{`${name}: ${problems[name]}`}</span>}
        </p>
      ))}
      <button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending' : 'Send'}
      </button>
      <button type="button" onClick={() => reset()}>
        Reset
      </button>
    </form>
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const notes = () => screen.queryAllByRole('note').map((note) => note.textContent);
const submit = () =>
  act(async () => fireEvent.submit(screen.getByRole('button', { name: /Send|Sending/ }).closest('form') as HTMLFormElement));

describe('the signed-out forms (useCheckedForm, decision 019)', () => {
  afterEach(cleanup);

  it('checks on submit: each field shows its first problem, the first one in the form gets focus, nothing is sent', async () => {
    const onValid = vi.fn(async () => undefined);
    const onInvalid = vi.fn();
    render(<SignUp onValid={onValid} onInvalid={onInvalid} />);
    type('email', 'ana@example.com');
    type('confirmEmail', 'ana@example.com');
    type('password', 'short');
    expect(notes()).toEqual([]);
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(notes()).toEqual([`password: ${MESSAGES.passwordTooShort}`, `confirmPassword: ${MESSAGES.passwordsDoNotMatch.title}`]);
    expect(document.activeElement).toBe(field('password'));
    expect(onInvalid).toHaveBeenCalledWith({ password: MESSAGES.passwordTooShort, confirmPassword: MESSAGES.passwordsDoNotMatch.title });
  });

  it('after a submit, checks again as the customer types, so a fixed problem goes at once; what was typed stays', async () => {
    render(<SignUp onValid={async () => undefined} />);
    type('password', 'typed before');
    await submit();
    expect(notes()).toContain(`email: ${MESSAGES.emailInvalid}`);
    type('email', 'ana@example.com');
    expect(notes()).not.toContain(`email: ${MESSAGES.emailInvalid}`);
    expect(notes()).toContain(`confirmEmail: ${MESSAGES.emailsDoNotMatch.title}`);
    // Each check re-renders the form: the inputs keep their values.
    expect(field('email').value).toBe('ana@example.com');
    expect(field('password').value).toBe('typed before');
  });

  it('sends the checked values (the address trimmed), busy until the whole submit ends; a second submit meanwhile is ignored', async () => {
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<SignUp onValid={onValid} />);
    type('email', ' ana@example.com ');
    type('confirmEmail', 'ANA@example.com');
    type('password', 'long enough');
    type('confirmPassword', 'long enough');
    await submit();
    expect(onValid).toHaveBeenCalledWith({
      email: 'ana@example.com',
      confirmEmail: 'ANA@example.com',
      password: 'long enough',
      confirmPassword: 'long enough',
    });
    expect(screen.getByRole('button', { name: 'Sending' })).toHaveProperty('disabled', true);
    // Enter pressed again in a field submits the form whatever the button says.
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(field('email').value).toBe(' ana@example.com ');
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it('resets to the first values and forgets the problems', async () => {
    render(<SignUp onValid={async () => undefined} />);
    type('email', 'not an address');
    await submit();
    expect(notes().length).toBeGreaterThan(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset' })));
    expect(field('email').value).toBe('');
    expect(notes()).toEqual([]);
    type('email', 'still not');
    // Not submitted since the reset: no checking as the customer types.
    expect(notes()).toEqual([]);
  });
});
