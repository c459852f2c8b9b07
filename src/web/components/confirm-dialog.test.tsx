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

/** Asks a question with what it is about. */
function DetailedAsker() {
  const confirm = useConfirm();
  const details = [
    { label: 'Day', value: 'Saturday, November 28, 2026' },
    { label: 'Place', value: '12 Main Street, Bay Shore, NY 11706' },
  ];
  return (
    <button type="button" onClick={() => void confirm('Are you sure you want a In-Person visit? If YES select OK', { details })}>
      Book
    </button>
  );
}

beforeAll(async () => {
  // The texts come from the English catalogue, as in the app.
  await activateLocale('en');
  // The dialog's code loads with the first question; loaded here, a busy machine does not outwait the first find.
  await import('./confirm-modal.tsx');
});

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

  it('lists what the question is about under it, as terms and their values, also read as its description', async () => {
    render(
      <ConfirmProvider>
        <DetailedAsker />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog');
    const terms = [...dialog.querySelectorAll('dl dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Day', 'Saturday, November 28, 2026'],
      ['Place', '12 Main Street, Bay Shore, NY 11706'],
    ]);
    // The question's own body stays the question alone; the dialog is described by both.
    expect(dialog.querySelector('.modal-body')?.textContent).toBe('Are you sure you want a In-Person visit? If YES select OK');
    const described = (dialog.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'Are you sure you want a In-Person visit? If YES select OK',
      'DaySaturday, November 28, 2026Place12 Main Street, Bay Shore, NY 11706',
    ]);
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
