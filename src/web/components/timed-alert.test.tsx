// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { useTimedAlert } from './timed-alert.tsx';

function Screen() {
  const alert = useTimedAlert();
  return (
    <>
      <button type="button" onClick={() => alert.show({ heading: 'Oh snap! You got a Login error!', body: 'Try again.' })}>
        Fail
      </button>
      <button type="button" onClick={() => alert.show({ variant: 'success', body: 'Your information has been updated.' })}>
        Succeed
      </button>
      {alert.element}
    </>
  );
}

// The texts come from the English catalogue, as in the app.
beforeAll(() => activateLocale('en'));

describe('the timed banner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('announces an error as an alert and removes it after 5000 ms; a new error restarts the clock', () => {
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert').textContent).toContain('Oh snap! You got a Login error!');
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells good news politely (role="status") and can be closed at once', () => {
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'Succeed' }));
    expect(screen.getByRole('status').textContent).toContain('Your information has been updated.');
    fireEvent.click(screen.getByRole('button', { name: 'Close this message' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
