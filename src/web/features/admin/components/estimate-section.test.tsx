// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import type { Estimate } from '../../../../shared/estimates.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { sampleAppointment } from '../sample-appointment.ts';
import { useAppointmentEditor } from './appointment-editor.tsx';
import { EstimateBadge } from './estimate-badge.tsx';

const appointment: AdminAppointment = sampleAppointment('2026-11-28', '08:00am', {
  startsAt: '2026-11-28T14:00:00.000Z',
  time: '09:00am',
  id: '20261128-00000000-0000-4000-8000-000000000002',
  estimate: null,
});

const sent: Estimate = {
  id: 'estimate-1',
  appointmentId: appointment.id,
  state: 'sent',
  sentAt: '2026-11-20T15:00:00.000Z',
  kind: 'troubleshooting',
  minutes: 60,
  lines: [],
  subtotalCents: 15_000,
  taxCents: 863,
  totalCents: 15_863,
  visit: { startsAt: appointment.startsAt, isRemote: false },
  decidedAt: null,
  decidedByName: null,
  decidedBy: null,
  declineReason: null,
};

/** The server as the dialog meets it: the latest estimate, the writes recorded, and the PATCH's answers in turn. */
let latest: Estimate | null;
let patchAnswers: Response[];
let estimateAnswer: (() => Response) | null;
let requests: { method: string; url: string; body: unknown }[];

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function answer(method: string, url: string): Response {
  if (url.endsWith('/history')) return json([]);
  if (url.endsWith('/tax-exemption')) return json({ userId: 'customer-2', exemption: null });
  if (url.endsWith('/estimate') && method === 'GET') return json({ estimate: latest ?? null });
  if (url.endsWith('/estimate') && method === 'POST') {
    if (estimateAnswer) return estimateAnswer();
    latest = sent;
    return json(sent, 201);
  }
  if (method === 'PATCH') return patchAnswers.shift() ?? json({ appointment, completedNow: true, paidNow: false });
  return new Response(null, { status: 404 });
}

function Screen({ editing, onSaved }: { editing: AdminAppointment; onSaved: () => void }) {
  const editor = useAppointmentEditor({ componentName: 'Test', onSaved });
  return (
    <>
      <button type="button" onClick={() => editor.open(editing)}>
        Open
      </button>
      {editor.element}
    </>
  );
}

async function openEditor(editing: AdminAppointment = appointment, onSaved = () => undefined) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Screen editing={editing} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog');
  return within(dialog);
}

const type = (view: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(view.getByLabelText(label), { target: { value } });

function preview(view: ReturnType<typeof within>): string[] {
  const table = view.getByRole('table', { name: 'The estimate, line by line' });
  return [...table.querySelectorAll('tbody tr, tfoot tr')].map((row) => [...row.children].map((cell) => cell.textContent).join(' | '));
}

beforeAll(() => activateLocale('en'));

describe("the owner's estimate", () => {
  beforeEach(() => {
    latest = null;
    patchAnswers = [];
    estimateAnswer = null;
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
        requests.push({ method, url, body });
        return answer(method, url);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews the expected time and parts priced and taxed as a bill, and sends them', async () => {
    const view = await openEditor();
    const section = within(view.getByRole('region', { name: 'Send an estimate' }));
    await section.findByText('No estimate sent yet.');
    fireEvent.click(section.getByRole('button', { name: 'Write an estimate' }));
    fireEvent.click(section.getByLabelText('Troubleshooting'));
    type(section, 'Hours', '1');
    type(section, 'Minutes', '30');
    fireEvent.click(section.getByRole('button', { name: 'Add an expected part' }));
    type(section, 'Expected part 1', 'Replacement hard drive');
    type(section, 'Price of expected part 1 ($)', '100');
    // An hour and a half: the first hour and one extra half-hour; 8.625% of the $100.00 part, half up.
    await waitFor(() =>
      expect(preview(view)).toEqual([
        'First hour of troubleshooting | $50.00',
        '1 extra half-hour | $25.00',
        'Replacement hard drive | $100.00',
        'Subtotal | $175.00',
        'Sales tax (Suffolk County 8.625%) | $8.63',
        'Estimated total | $183.63',
      ]),
    );

    fireEvent.click(section.getByRole('button', { name: 'Send the estimate' }));
    await section.findByText('Estimate sent to the customer.');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/api/admin/appointments/${appointment.id}/estimate`);
    expect(post?.body).toEqual({
      kind: 'troubleshooting',
      timeTaxClass: 'not-taxable',
      minutes: 90,
      hardware: [{ description: 'Replacement hard drive', amount: '100', taxClass: 'taxable-goods' }],
    });
    expect(section.getByText(/Sent on 11\/20\/2026: \$158\.63, waiting for the customer\./)).toBeTruthy();
    // The estimate's fields are not the appointment's form: nothing was saved.
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('says what is missing, and the server refusal, without sending or saving the appointment', async () => {
    const view = await openEditor();
    const section = within(view.getByRole('region', { name: 'Send an estimate' }));
    fireEvent.click(await section.findByRole('button', { name: 'Write an estimate' }));
    type(section, 'Hours', '0');
    type(section, 'Minutes', '20');
    fireEvent.click(section.getByRole('button', { name: 'Send the estimate' }));
    await section.findByText('Choose troubleshooting or consulting.');
    expect(section.getByText('Expect at least 30 minutes.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    estimateAnswer = () => json({ error: { code: 'ESTIMATE_CLOSED', message: 'This job is completed: no estimate can be sent.' } }, 409);
    fireEvent.click(section.getByLabelText('Consulting'));
    type(section, 'Minutes', '45');
    // Enter in a field sends the estimate, not the appointment's form around it.
    fireEvent.keyDown(section.getByLabelText('Minutes'), { key: 'Enter' });
    await section.findByText('This job is completed: no estimate can be sent.');
    expect(section.getByText('The estimate was not sent.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it("states the latest estimate's decision: approved by whom and when, or declined and why", async () => {
    latest = { ...sent, state: 'approved', decidedAt: '2026-11-21T16:00:00.000Z', decidedByName: 'Mary Smith', decidedBy: 'customer' };
    const view = await openEditor();
    await view.findByText(/Approved by Mary Smith on 11\/21\/2026: \$158\.63\./);
    expect(view.getByRole('button', { name: 'Write a new estimate' })).toBeTruthy();
    cleanup();

    latest = {
      ...sent,
      state: 'declined',
      decidedAt: '2026-11-21T16:00:00.000Z',
      decidedByName: 'Mary Smith',
      decidedBy: 'customer',
      declineReason: 'Too expensive',
    };
    const again = await openEditor();
    await again.findByText(/Declined: Too expensive/);
  });

  it('warns when the completed bill goes over the approved estimate, and bills it anyway once the owner confirms', async () => {
    latest = { ...sent, state: 'approved', decidedAt: '2026-11-21T16:00:00.000Z', decidedByName: 'Mary Smith', decidedBy: 'customer' };
    const message = 'The bill of $250.00 is more than 10% over the approved estimate of $158.63.';
    patchAnswers = [json({ error: { code: 'OVER_ESTIMATE', message } }, 409)];
    const saved = vi.fn();
    const view = await openEditor(appointment, saved);
    fireEvent.click(view.getByLabelText('Completed'));
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    const warning = await view.findByRole('alert');
    expect(within(warning).getByText(message)).toBeTruthy();
    expect(within(warning).getByText('This bill is over the approved estimate.')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();

    fireEvent.click(within(warning).getByRole('button', { name: 'Bill it anyway' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const patches = requests.filter((request) => request.method === 'PATCH').map((request) => request.body as Record<string, unknown>);
    expect(patches).toHaveLength(2);
    expect(patches[0]?.confirmOverEstimate).toBeUndefined();
    expect(patches[1]).toEqual({ ...patches[0], confirmOverEstimate: true });
  });
});

describe("the lists' estimate badge", () => {
  afterEach(cleanup);

  it('states the state and the total, and nothing without an estimate', () => {
    const { container, rerender } = render(<EstimateBadge estimate={{ state: 'approved', totalCents: 15_863 }} />);
    expect(container.textContent).toBe('Estimate approved: $158.63');
    rerender(<EstimateBadge estimate={null} />);
    expect(container.textContent).toBe('');
    rerender(<EstimateBadge estimate={undefined} />);
    expect(container.textContent).toBe('');
  });
});
