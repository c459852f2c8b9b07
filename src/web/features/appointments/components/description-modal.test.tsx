// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_TEXTS, type CustomerAppointment } from '../../../../shared/appointments.ts';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useDescriptionEditor } from './description-modal.tsx';

const booked: CustomerAppointment = {
  id: '20261129-00000000-0000-4000-8000-000000000002',
  startsAt: '2026-11-29T14:30:00.000Z',
  date: '20261129',
  time: '09:30am',
  isRemote: true,
  description: '',
  amountCents: 0,
  isCompleted: false,
  isPaid: false,
  changeBy: null,
  estimate: null,
};

function Editor({ required }: { required: boolean }) {
  const editor = useDescriptionEditor();
  const { open } = editor;
  useEffect(() => open(booked, required), [open, required]);
  return editor.element;
}

function renderEditor(required = true) {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <Editor required={required} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.findByRole('dialog', { name: required ? 'Your visit is booked' : 'Edit the description' });
}

const saves = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/description'));

beforeAll(async () => {
  // The screens' English texts, as the app loads them.
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

describe('the description dialog', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ...booked, description: 'saved' })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("refuses an empty description with the schema's message on the field, which stays until the next Save", async () => {
    const dialog = await renderEditor();
    const field = within(dialog).getByLabelText('Describe the problem');
    fireEvent.input(field, { target: { value: '   ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(within(dialog).getByText('Please describe the problem.')).toBeTruthy());
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    // Typing does not validate again (the resolver would have answered by the time act() settles).
    await act(async () => fireEvent.input(field, { target: { value: 'Printer offline' } }));
    expect(within(dialog).getByText('Please describe the problem.')).toBeTruthy();
    expect(within(dialog).getByText('15 of 2000 characters')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('saves the description without its outer spaces, and closes', async () => {
    const dialog = await renderEditor();
    fireEvent.input(within(dialog).getByLabelText('Describe the problem'), { target: { value: '  Printer offline ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toEqual({ description: 'Printer offline' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so in the dialog when the save failed, and stays open', async () => {
    vi.mocked(fetch).mockImplementation(async () => Response.json({ error: { code: 'INTERNAL', message: 'Oops' } }, { status: 500 }));
    const dialog = await renderEditor(false);
    fireEvent.input(within(dialog).getByLabelText('Describe the problem'), { target: { value: 'Printer offline' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(within(dialog).getByText(APPOINTMENT_TEXTS.descriptionError)).toBeTruthy());
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
