// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXTS, type AdminAppointment } from '../../../../shared/admin.ts';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { activateLocale, i18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SAMPLE_CUSTOMER, sampleAppointment } from '../sample-appointment.ts';
import { useAppointmentActions } from './use-appointment-actions.tsx';

const customer: AdminAppointment['customer'] = { ...SAMPLE_CUSTOMER, phoneNumber: '631-555-0142' };
/** Saturday, November 28, 2026 at 08:00am, New York. */
const inPerson: AdminAppointment = sampleAppointment('2026-11-28', '08:00am', { description: '', customer });

function Dashboard({ appointment }: { appointment: AdminAppointment }) {
  const { actions } = useAppointmentActions({ componentName: 'Dashboard', savedText: () => 'Saved', deletedText: 'Deleted' });
  return (
    <button type="button" onClick={() => actions.onDelete(appointment)}>
      Delete
    </button>
  );
}

function renderDashboard(appointment: AdminAppointment) {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ConfirmProvider>
          <Dashboard appointment={appointment} />
        </ConfirmProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await activateLocale('en');
  // The dialog's code loads with the first question; loaded here, a busy machine does not outwait the first find.
  await import('../../../components/confirm-modal.tsx');
});

describe('the owner’s delete of a visit', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the visit it takes off the schedule under the spec’s question, and deletes nothing on Cancel', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    renderDashboard(inPerson);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.modal-body')?.textContent).toBe(ADMIN_TEXTS.deleteConfirm);
    const details = [...dialog.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(details).toEqual([
      'Customer: Mary Smith',
      'Day: Saturday, November 28, 2026',
      'Time: 08:00am (New York time)',
      'Visit Type: In-Person',
      'Place: 12 Main Street, Bay Shore, NY 11706',
    ]);
    await act(async () => fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement));
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('says a remote visit has no place to go to', async () => {
    renderDashboard({ ...inPerson, isRemote: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Visit Type').nextElementSibling?.textContent).toBe('Remote');
    expect(within(dialog).getByText('Place').nextElementSibling?.textContent).toBe('Remote');
  });
});
