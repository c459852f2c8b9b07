// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAppointment, StoredBill } from '../../../../shared/admin.ts';
import type { TaxExemption } from '../../../../shared/sales-tax.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { sampleAppointment } from '../sample-appointment.ts';
import { useAppointmentEditor } from './appointment-editor.tsx';

const USER_ID = 'customer-1';
const appointment: AdminAppointment = sampleAppointment('2026-11-28', '08:00am', { startsAt: '2026-11-28T14:00:00.000Z', time: '09:00am' });
const certificate: TaxExemption = { kind: 'exempt-organization', certificate: 'EO-123456', date: '2026-01-15' };

/** The server as the editor meets it: the history, the customer's exemption, and the writes, each recorded. */
let exemption: TaxExemption | null;
let requests: { method: string; url: string; body: unknown }[];

function answer(method: string, url: string, body: unknown): Response {
  const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
  if (url.endsWith('/history')) return json([]);
  if (url.endsWith('/tax-exemption') && method === 'GET') return json({ userId: USER_ID, exemption });
  if (url === `/api/admin/customers/${USER_ID}/tax-exemption`) {
    exemption = method === 'PUT' ? (body as TaxExemption) : null;
    return json({ userId: USER_ID, exemption });
  }
  if (method === 'PATCH') return json({ appointment, completedNow: true, paidNow: false });
  return new Response(null, { status: 404 });
}

function Screen({ editing }: { editing: AdminAppointment }) {
  const editor = useAppointmentEditor({ componentName: 'Test', onSaved: () => undefined });
  return (
    <>
      <button type="button" onClick={() => editor.open(editing)}>
        Open
      </button>
      {editor.element}
    </>
  );
}

async function openEditor(editing: AdminAppointment = appointment) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Screen editing={editing} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog');
  // The customer's exemption has been read.
  await within(dialog).findByText(/None recorded|This customer's bills carry no sales tax/);
  return within(dialog);
}

const select = (view: ReturnType<typeof within>, label: string) => view.getByLabelText(label) as HTMLSelectElement;
const type = (view: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(view.getByLabelText(label), { target: { value } });

/** The bill's preview below its lines: each row's text and amount. */
function footer(view: ReturnType<typeof within>): string[] {
  const table = view.getByRole('table', { name: 'The bill, line by line' });
  return [...table.querySelectorAll('tfoot tr')].map((row) => [...row.children].map((cell) => cell.textContent).join(' | '));
}

/** Completes the job with an hour of troubleshooting and a $100.00 part. */
async function billAnHourAndAPart(view: ReturnType<typeof within>) {
  fireEvent.click(view.getByLabelText('Completed'));
  fireEvent.click(await view.findByLabelText('Bill from the clock: kind of work, time and hardware'));
  fireEvent.click(await view.findByLabelText('Troubleshooting'));
  type(view, 'Work started', '09:00');
  type(view, 'Work ended', '10:00');
  fireEvent.click(view.getByRole('button', { name: 'Add a part' }));
  type(view, 'Part 1', 'Replacement hard drive');
  type(view, 'Price of part 1 ($)', '100');
}

beforeAll(() => activateLocale('en'));

/** Each test meets the server above afresh, its requests recorded. */
function standInServer() {
  beforeEach(() => {
    exemption = null;
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
}

// Each case drives the whole dialog through many renders: seconds of jsdom on a slow machine, not hangs.
describe("the bill editor's sales tax", { timeout: 20_000 }, () => {
  standInServer();

  it('starts from the configured classes, previews the subtotal, the tax and the total, and sends the classes chosen', async () => {
    const view = await openEditor();
    await billAnHourAndAPart(view);
    expect(select(view, 'The time is…').value).toBe('not-taxable');
    expect([...select(view, 'The time is…').options].map((option) => option.text)).toEqual([
      'Help with software, training or consulting (not taxable)',
      'Installing, repairing or maintaining hardware (taxable service)',
    ]);
    expect(select(view, 'Tax class of part 1').value).toBe('taxable-goods');
    expect([...select(view, 'Tax class of part 1').options].map((option) => option.text)).toEqual([
      'Taxable goods (a part)',
      'Taxable service (work on hardware)',
      'Not taxable',
    ]);
    // 8.625% of the $100.00 part: $8.625, half up.
    await waitFor(() =>
      expect(footer(view)).toEqual(['Subtotal | $150.00', 'Sales tax (Suffolk County 8.625%) | $8.63', 'Total | $158.63']),
    );

    // The time as work on hardware: taxed too ($150.00 × 8.625% = $12.9375).
    fireEvent.change(select(view, 'The time is…'), { target: { value: 'taxable-service' } });
    await waitFor(() => expect(footer(view)).toContain('Sales tax (Suffolk County 8.625%) | $12.94'));
    expect(footer(view)).toContain('Total | $162.94');
    // The part's line not taxable: only the time is ($50.00 × 8.625% = $4.3125).
    fireEvent.change(select(view, 'Tax class of part 1'), { target: { value: 'not-taxable' } });
    await waitFor(() =>
      expect(footer(view)).toEqual(['Subtotal | $150.00', 'Sales tax (Suffolk County 8.625%) | $4.31', 'Total | $154.31']),
    );
    // A different amount before tax: the taxable share of it is taxed ($100.00 of which a third: $33.33, tax $2.87).
    fireEvent.click(view.getByLabelText('Charge a different amount'));
    type(view, 'Amount to charge ($)', '100');
    await waitFor(() =>
      expect(footer(view)).toEqual([
        'Adjustment | -$50.00',
        'Subtotal | $100.00',
        'Sales tax (Suffolk County 8.625%) | $2.87',
        'Total | $102.87',
      ]),
    );
    fireEvent.click(view.getByLabelText('Charge a different amount'));

    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const [patch] = requests.filter((request) => request.method === 'PATCH');
    expect(patch?.url).toBe(`/api/admin/appointments/${appointment.id}`);
    expect((patch?.body as { work?: unknown } | undefined)?.work).toMatchObject({
      kind: 'troubleshooting',
      timeTaxClass: 'taxable-service',
      start: '09:00',
      end: '10:00',
      hardware: [{ description: 'Replacement hard drive', amount: '100', taxClass: 'not-taxable' }],
    });
  });

  it("starts from the server's configured classes, the time's following the kind of work until the owner picks one", async () => {
    const usual = appConfig.tax;
    appConfig.tax = { time: { troubleshooting: 'taxable-service', consulting: 'not-taxable' }, parts: 'taxable-service' };
    try {
      const view = await openEditor();
      fireEvent.click(view.getByLabelText('Completed'));
      fireEvent.click(await view.findByLabelText('Bill from the clock: kind of work, time and hardware'));
      fireEvent.click(await view.findByLabelText('Consulting'));
      await waitFor(() => expect(select(view, 'The time is…').value).toBe('not-taxable'));
      fireEvent.click(view.getByLabelText('Troubleshooting'));
      await waitFor(() => expect(select(view, 'The time is…').value).toBe('taxable-service'));
      fireEvent.click(view.getByRole('button', { name: 'Add a part' }));
      expect(select(view, 'Tax class of part 1').value).toBe('taxable-service');
      // Once the owner has chosen, the kind of work no longer changes it.
      fireEvent.change(select(view, 'The time is…'), { target: { value: 'not-taxable' } });
      fireEvent.click(view.getByLabelText('Consulting'));
      fireEvent.click(view.getByLabelText('Troubleshooting'));
      await waitFor(() => expect((view.getByLabelText('Troubleshooting') as HTMLInputElement).checked).toBe(true));
      expect(select(view, 'The time is…').value).toBe('not-taxable');
    } finally {
      appConfig.tax = usual;
    }
  });

  it('shows a saved bill with the classes it was made with, and the amount charged before tax', async () => {
    const bill: StoredBill = {
      kind: 'consulting',
      start: '10:00',
      end: '11:00',
      minutes: 60,
      lines: [
        { text: 'First hour of consulting', values: {}, cents: 10_000, taxClass: 'taxable-service' },
        { text: 'Router set-up', values: {}, cents: 4_000, taxClass: 'taxable-service' },
      ],
      computedCents: 14_000,
      subtotalCents: 12_000,
      tax: { jurisdiction: 'suffolk', rate: 8625, taxableCents: 12_000, taxCents: 1_035, exemption: null },
      totalCents: 13_035,
      overrideReason: 'Returning customer',
    };
    const view = await openEditor({ ...appointment, isCompleted: true, amountCents: 13_035, bill });
    expect(select(view, 'The time is…').value).toBe('taxable-service');
    expect(select(view, 'Tax class of part 1').value).toBe('taxable-service');
    expect((view.getByLabelText('Amount to charge ($)') as HTMLInputElement).value).toBe('120.00');
    expect(footer(view)).toEqual([
      'Adjustment | -$20.00',
      'Subtotal | $120.00',
      'Sales tax (Suffolk County 8.625%) | $10.35',
      'Total | $130.35',
    ]);
  });

  it("states an exempt customer's certificate in place of the tax, and lets the owner remove and record the exemption", async () => {
    exemption = certificate;
    const view = await openEditor();
    const section = within(view.getByRole('region', { name: 'Sales-tax exemption' }));
    expect(
      section.getByText(
        "Exempt organization (ST-119.1), certificate EO-123456, dated 2026-01-15. This customer's bills carry no sales tax.",
      ),
    ).toBeTruthy();
    await billAnHourAndAPart(view);
    expect(footer(view)).toEqual([
      'Subtotal | $150.00',
      'No sales tax: exempt organization, certificate EO-123456 (ST-119.1) | $0.00',
      'Total | $150.00',
    ]);

    fireEvent.click(section.getByRole('button', { name: 'Remove the exemption' }));
    await section.findByText("None recorded: this customer's bills are taxed.");
    expect(section.getByRole('status').textContent).toBe('Exemption removed.');
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      `/api/admin/customers/${USER_ID}/tax-exemption`,
    ]);
    await waitFor(() => expect(footer(view)).toContain('Total | $158.63'));

    // Saved empty: each field says what it needs.
    fireEvent.click(section.getByRole('button', { name: 'Record an exemption' }));
    fireEvent.click(section.getByRole('button', { name: 'Save the exemption' }));
    await section.findByText('Choose exempt organization (ST-119.1) or resale (ST-120).');
    expect(section.getByText('Enter the certificate number.')).toBeTruthy();
    expect(section.getByText('Enter the date as YYYY-MM-DD.')).toBeTruthy();
    expect(section.getByLabelText('Certificate number').getAttribute('aria-invalid')).toBe('true');

    // Enter in a field saves the exemption (and not, in a browser, the appointment's form around it).
    fireEvent.click(section.getByLabelText('Resale (ST-120)'));
    type(section, 'Certificate number', ' RS-42 ');
    type(section, 'Date of the certificate', '2026-02-01');
    await act(async () => {
      fireEvent.keyDown(section.getByLabelText('Certificate number'), { key: 'Enter' });
    });
    await section.findByText("Resale (ST-120), certificate RS-42, dated 2026-02-01. This customer's bills carry no sales tax.");
    expect(section.getByRole('status').textContent).toBe('Exemption recorded.');
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { kind: 'resale', certificate: 'RS-42', date: '2026-02-01' },
    ]);
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
    await waitFor(() =>
      expect(footer(view)).toEqual(['Subtotal | $150.00', 'No sales tax: resale, certificate RS-42 (ST-120) | $0.00', 'Total | $150.00']),
    );
  });
});

describe("the edit dialog's notes", () => {
  standInServer();

  const saved = async (view: ReturnType<typeof within>) => {
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    const patch = await waitFor(() => {
      const sent = requests.find((request) => request.method === 'PATCH');
      if (!sent) throw new Error('not saved yet');
      return sent;
    });
    return (patch.body as { notes: string }).notes;
  };

  it('shows the stored prompt "Enter notes here" as an empty field, and keeps it stored when left empty', async () => {
    const view = await openEditor({ ...appointment, notes: 'Enter notes here' });
    const notes = view.getByLabelText('Notes') as HTMLTextAreaElement;
    expect(notes.value).toBe('');
    expect(notes.placeholder).toBe('Enter notes here');
    expect(await saved(view)).toBe('Enter notes here');
  });

  it("shows the owner's own notes, and saves them cleared when the owner empties them", async () => {
    const view = await openEditor({ ...appointment, notes: 'Bring a new router' });
    expect((view.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Bring a new router');
    type(view, 'Notes', '');
    expect(await saved(view)).toBe('');
  });
});
