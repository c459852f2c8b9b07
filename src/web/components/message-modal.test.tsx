// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { useMessageModal } from './message-modal.tsx';

function Screen({ onDone, countdownSeconds }: { onDone: () => void; countdownSeconds?: number }) {
  const modal = useMessageModal();
  return (
    <>
      <button
        type="button"
        onClick={() => modal.show({ title: 'Success!', body: 'Service Form is completed!', countdownSeconds }).then(onDone)}
      >
        Open
      </button>
      {modal.element}
    </>
  );
}

// The texts come from the English catalogue, as in the app.
beforeAll(() => activateLocale('en'));

/**
 * Opens the dialog. Its code loads with the first message (decision 019): the dialog shows once the lazily loaded
 * module has arrived, a few turns of the event loop later, which act() lets happen.
 */
async function open() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })));
  for (let turn = 0; turn < 50 && !screen.queryByRole('dialog'); turn++) {
    await act(async () => {
      await import('./message-dialog.tsx');
    });
  }
}

describe('the message modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is a dialog labelled by its title that moves on by itself after its countdown', async () => {
    const onDone = vi.fn();
    render(<Screen onDone={onDone} countdownSeconds={3} />);
    await open();
    const dialog = screen.getByRole('dialog');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Success!');
    expect(dialog.textContent).toContain('Service Form is completed!');
    await act(async () => vi.advanceTimersByTime(2800));
    expect(onDone).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(400));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('without a countdown waits for OK, and finishes once', async () => {
    const onDone = vi.fn();
    render(<Screen onDone={onDone} />);
    await open();
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(onDone).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
