// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { VerifyFirstButton } from './verify-first-button.tsx';

describe('an action that needs a verified e-mail', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is the real control once the e-mail is verified', () => {
    render(
      <VerifyFirstButton verified label="Change Email" id="change">
        <a href="/emailchange">Change Email</a>
      </VerifyFirstButton>,
    );
    expect(screen.getByRole('link', { name: 'Change Email' })).toBeTruthy();
  });

  it('is disabled until then, with the tooltip reachable by keyboard after 250 ms', async () => {
    render(
      <VerifyFirstButton verified={false} label="Change Email" id="change">
        <a href="/emailchange">Change Email</a>
      </VerifyFirstButton>,
    );
    const button = screen.getByRole('button', { name: 'Change Email' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const wrapper = button.parentElement as HTMLElement;
    expect(wrapper.tabIndex).toBe(0);
    fireEvent.focus(wrapper);
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Please verify your email first.');
    expect(wrapper.getAttribute('aria-describedby')).toBe('change-tooltip');
  });
});
