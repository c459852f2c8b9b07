// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { ConfirmProvider, useConfirm } from './confirm-dialog.tsx';

function Asker({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={async () => onAnswer(await confirm('Are you sure you want to change your information? If YES select OK'))}
    >
      Save
    </button>
  );
}

// The texts come from the English catalogue, as in the app.
beforeAll(() => activateLocale('en'));

describe('the confirm dialog', () => {
  afterEach(cleanup);

  it('asks with the given text, focuses OK, and resolves true for OK', async () => {
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Asker onAnswer={(ok) => answers.push(ok)} />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Are you sure you want to change your information? If YES select OK',
    );
    const ok = screen.getByRole('button', { name: 'OK' });
    await waitFor(() => expect(document.activeElement).toBe(ok));
    await act(async () => fireEvent.click(ok));
    expect(answers).toEqual([true]);
  });

  it('resolves false for Cancel and for Escape', async () => {
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Asker onAnswer={(ok) => answers.push(ok)} />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog');
    // The header's close button is labelled Cancel too; the footer's is the last one.
    const cancel = screen.getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement;
    await act(async () => fireEvent.click(cancel));
    await waitFor(() => expect(answers).toEqual([false]));

    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' }));
    await waitFor(() => expect(answers).toEqual([false, false]));
  });
});
