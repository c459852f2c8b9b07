// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { hasPayLink, PayLinkActions, payLinkUrl } from './pay-link-actions.tsx';

const job: AdminAppointment = {
  id: '20261205-00000000-0000-4000-8000-000000000001',
  startsAt: '2026-12-05T13:00:00.000Z',
  time: '08:00am',
  isRemote: false,
  description: 'Printer offline',
  notes: '',
  workDone: '',
  amountCents: 8799,
  isCompleted: true,
  isPaid: false,
  bill: null,
  customer: {
    firstName: 'Mary',
    lastName: 'Smith',
    email: 'mary@example.com',
    phoneNumber: '631-555-0142',
    streetAddress: '1 Main Street',
    city: 'Islip',
    state: 'NY',
    zipCode: '11751',
    locale: 'en',
  },
};
const ABOUT = ' (Mary Smith, Saturday, December 5, 2026 at 08:00am)';

function renderActions(appointment = job) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PayLinkActions appointment={appointment} about={ABOUT} />
    </QueryClientProvider>,
  );
}

/** A control's name: its word, then the job it is for (jsdom's name may drop the space before the hidden part). */
const named = (word: string) => new RegExp(`^${word} ?\\(Mary Smith, Saturday, December 5, 2026 at 08:00am\\)$`);

const status = () => screen.getByRole('status').textContent;

describe('the pay link on a completed job', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is offered for a job completed with an amount and not paid only', () => {
    expect(hasPayLink(job)).toBe(true);
    expect(hasPayLink({ ...job, amountCents: 0 })).toBe(false);
    expect(hasPayLink({ ...job, isPaid: true })).toBe(false);
    expect(hasPayLink({ ...job, isCompleted: false })).toBe(false);
  });

  it("is the e-mail's link, in Spanish for a customer who reads Spanish", () => {
    expect(payLinkUrl(job, 'https://techhelp.example')).toBe(`https://techhelp.example/makepayment?appointment=${job.id}`);
    expect(payLinkUrl({ ...job, customer: { ...job.customer, locale: 'es' } }, 'https://techhelp.example')).toBe(
      `https://techhelp.example/makepayment?appointment=${job.id}&lang=es`,
    );
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderActions();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: named('Copy pay link') })));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/makepayment?appointment=${job.id}`);
    expect(status()).toBe('Pay link copied. Paste it into a message to the customer.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the link selected, to copy by hand, when the browser refuses the clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    renderActions();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: named('Copy pay link') })));
    const link = screen.getByRole('textbox', { name: named('Pay link') }) as HTMLTextAreaElement;
    expect(link.value).toBe(`${window.location.origin}/makepayment?appointment=${job.id}`);
    expect(link.readOnly).toBe(true);
    expect(document.activeElement).toBe(link);
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, link.value.length]);
    expect(status()).toContain('The browser did not let us copy.');
  });

  it("asks the server to send it again, and says how it went, or the server's reason", async () => {
    const fetch = vi.fn(async () => Response.json({ texted: true }));
    vi.stubGlobal('fetch', fetch);
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: named('Resend pay link') }));
    await waitFor(() => expect(status()).toBe('Pay link sent again by e-mail and text.'));
    expect(fetch).toHaveBeenCalledWith(`/api/admin/appointments/${job.id}/pay-link`, expect.objectContaining({ method: 'POST' }));
    fetch.mockImplementation(async () =>
      Response.json({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 9 minutes.' } }, { status: 429 }),
    );
    fireEvent.click(screen.getByRole('button', { name: named('Resend pay link') }));
    await waitFor(() => expect(status()).toBe('Too many attempts. Please wait 9 minutes.'));
  });
});
