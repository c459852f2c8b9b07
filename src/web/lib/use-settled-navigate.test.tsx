// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettledNavigate, useSettleNavigations } from './use-settled-navigate.ts';

function Leave({ onSettled }: { onSettled: () => void }) {
  const navigate = useSettledNavigate();
  return (
    <button type="button" onClick={() => void navigate('/login').then(onSettled)}>
      Leave
    </button>
  );
}

function Settler() {
  useSettleNavigations();
  return null;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('useSettledNavigate', () => {
  it('settles once the new location is on screen', async () => {
    const settled = vi.fn();
    render(
      <BrowserRouter>
        <Settler />
        <Routes>
          <Route path="/" element={<Leave onSettled={settled} />} />
          <Route path="/login" element={<p>Login</p>} />
        </Routes>
      </BrowserRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(screen.getByText('Login')).toBeTruthy();
    expect(settled).toHaveBeenCalledOnce();
  });

  it('settles after 3 s at the latest when no routes are rendered to settle it, so a flow never hangs', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    render(
      <BrowserRouter>
        <Leave onSettled={settled} />
      </BrowserRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    await act(async () => vi.advanceTimersByTime(2_900));
    expect(settled).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(settled).toHaveBeenCalledOnce();
  });
});
