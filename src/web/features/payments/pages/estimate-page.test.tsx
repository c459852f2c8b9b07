// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Estimate } from '../../../../shared/estimates.ts';
import { taxLineText } from '../../../../shared/sales-tax.ts';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Component as EstimatePage } from './estimate-page.tsx';

const APPOINTMENT_ID = '20261128-00000000-0000-4000-8000-000000000003';

/** An hour and a half of troubleshooting and a $100.00 part, taxed in Suffolk. */
const waiting: Estimate = {
  id: 'estimate-1',
  appointmentId: APPOINTMENT_ID,
  state: 'sent',
  sentAt: '2026-11-20T15:00:00.000Z',
  kind: 'troubleshooting',
  minutes: 90,
  lines: [
    { text: 'First hour of troubleshooting', values: {}, cents: 5_000 },
    { text: '{count, plural, one {# extra half-hour} other {# extra half-hours}}', values: { count: 1 }, cents: 2_500 },
    { text: 'Replacement hard drive', values: {}, cents: 10_000 },
    { ...taxLineText({ jurisdiction: 'suffolk', rate: 8625, taxableCents: 10_000, taxCents: 863, exemption: null }), cents: 863 },
  ],
  subtotalCents: 17_500,
  taxCents: 863,
  totalCents: 18_363,
  visit: { startsAt: '2026-11-28T14:00:00.000Z', isRemote: false },
  decidedAt: null,
  decidedByName: null,
  decidedBy: null,
  declineReason: null,
};

let current: Estimate | null;
let decisionAnswer: ((body: Record<string, string>) => Response) | null;
let requests: { method: string; url: string; body: unknown }[];

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function answer(method: string, url: string, body: Record<string, string>): Response {
  if (url === `/api/estimates/${APPOINTMENT_ID}` && method === 'GET') {
    return current ? json(current) : json({ error: { code: 'NOT_FOUND', message: 'There is no estimate for this visit.' } }, 404);
  }
  if (url === `/api/estimates/${APPOINTMENT_ID}/decision` && method === 'POST') {
    if (decisionAnswer) return decisionAnswer(body);
    current =
      body.decision === 'approve'
        ? { ...waiting, state: 'approved', decidedAt: '2026-11-21T16:00:00.000Z', decidedByName: body.name ?? '', decidedBy: 'customer' }
        : {
            ...waiting,
            state: 'declined',
            decidedAt: '2026-11-21T16:00:00.000Z',
            decidedByName: 'Mary Smith',
            decidedBy: 'customer',
            declineReason: body.reason ?? '',
          };
    return json(current);
  }
  return new Response(null, { status: 404 });
}

beforeAll(async () => {
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

function show() {
  const router = createMemoryRouter(
    [
      { path: '/estimate/:appointmentId', element: <EstimatePage /> },
      { path: '/home', element: <p>Home</p> },
    ],
    { initialEntries: [`/estimate/${APPOINTMENT_ID}`] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const decisions = () => requests.filter((request) => request.method === 'POST').map((request) => request.body);

describe("the customer's estimate page", () => {
  beforeEach(() => {
    current = waiting;
    decisionAnswer = null;
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
        requests.push({ method, url, body });
        return answer(method, url, body);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the visit, the expected lines with the tax line and the total, and approves by the typed name', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: 'Your estimate' });
    expect(screen.getByText('In-person visit of Saturday, November 28, 2026 at 09:00am (New York time)')).toBeTruthy();
    expect(screen.getByText('Expected work: Troubleshooting, about 1 h 30 min.')).toBeTruthy();
    const table = screen.getByRole('table');
    expect([...table.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent).join(' | '))).toEqual([
      'First hour of troubleshooting | $50.00',
      '1 extra half-hour (1 × $25.00) | $25.00',
      'Replacement hard drive | $100.00',
      'Subtotal | $175.00',
      'Sales tax (Suffolk County 8.625%) | $8.63',
      'Total | $183.63',
    ]);
    expect(screen.getByText('Estimated total: $183.63')).toBeTruthy();

    // Empty: the field says what it needs, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Approve the estimate' }));
    await screen.findByText('Type your name to approve.');
    expect(screen.getByLabelText('Type your name to approve').getAttribute('aria-invalid')).toBe('true');
    expect(decisions()).toEqual([]);

    type('Type your name to approve', 'Mary Smith');
    fireEvent.click(screen.getByRole('button', { name: 'Approve the estimate' }));
    await screen.findByText('Thank you. You approved the estimate, and the technician has been told.');
    expect(decisions()).toEqual([{ decision: 'approve', name: 'Mary Smith', estimateId: expect.any(String) }]);
    expect(screen.getByText('Approved by Mary Smith on November 21, 2026: $183.63.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve the estimate' })).toBeNull();
  });

  it('declines with a reason, which it needs', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: 'Your estimate' });
    fireEvent.click(screen.getByRole('button', { name: 'Decline the estimate' }));
    await screen.findByText('Say why, so the technician can help.');
    expect(decisions()).toEqual([]);

    type('Why are you declining?', 'The price is too high for an old laptop');
    fireEvent.click(screen.getByRole('button', { name: 'Decline the estimate' }));
    await screen.findByText('You declined the estimate. The technician has been told and will get in touch.');
    expect(decisions()).toEqual([
      { decision: 'decline', reason: 'The price is too high for an old laptop', estimateId: expect.any(String) },
    ]);
    expect(screen.getByText('You declined this estimate on November 21, 2026.')).toBeTruthy();
    expect(screen.getByText('Reason: The price is too high for an old laptop')).toBeTruthy();
  });

  it('says why an answer was not saved: the estimate decided meanwhile, and the page shows what holds now', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: 'Your estimate' });
    decisionAnswer = () => {
      current = { ...waiting, state: 'approved', decidedAt: '2026-11-21T16:00:00.000Z', decidedByName: 'John Smith', decidedBy: 'contact' };
      return json(
        { error: { code: 'ESTIMATE_CLOSED', message: 'This estimate has already been answered, or a newer one replaced it.' } },
        409,
      );
    };
    type('Type your name to approve', 'Mary Smith');
    fireEvent.click(screen.getByRole('button', { name: 'Approve the estimate' }));
    const alert = await screen.findByText('Your answer was not saved.');
    expect(
      within(alert.closest('.alert') as HTMLElement).getByText('This estimate has already been answered, or a newer one replaced it.'),
    ).toBeTruthy();
    await screen.findByText('Your trusted contact John Smith approved this estimate of $183.63 on November 21, 2026.');
  });

  it('says when the server failed, and keeps the answer to send again', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: 'Your estimate' });
    decisionAnswer = () =>
      json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' } }, 500);
    type('Type your name to approve', 'Mary Smith');
    fireEvent.click(screen.getByRole('button', { name: 'Approve the estimate' }));
    await screen.findByText('Your answer was not saved.');
    expect((screen.getByLabelText('Type your name to approve') as HTMLInputElement).value).toBe('Mary Smith');
    decisionAnswer = null;
    fireEvent.click(screen.getByRole('button', { name: 'Approve the estimate' }));
    await screen.findByText('Thank you. You approved the estimate, and the technician has been told.');
    await waitFor(() => expect(screen.queryByText('Your answer was not saved.')).toBeNull());
  });

  it('says so when there is no estimate for the visit', async () => {
    current = null;
    show();
    await screen.findByText('There is no estimate waiting for this visit.');
    expect(screen.getByRole('link', { name: 'Back to your appointments' }).getAttribute('href')).toBe('/home');
  });
});
