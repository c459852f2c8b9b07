// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrustedContactOutput } from '../../../../shared/text-messages.ts';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { TrustedContactSection } from './trusted-contact-form.tsx';

let contact: TrustedContactOutput;
let refuse: boolean;
let puts: unknown[];

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

function show() {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ConfirmProvider>
          <TrustedContactSection />
        </ConfirmProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("the trusted contact's estimates", () => {
  beforeEach(() => {
    contact = {
      contact: {
        name: 'John Smith',
        email: 'john@example.com',
        phoneNumber: '',
        copiesStopped: false,
        status: 'agreed',
        mayApproveEstimates: false,
      },
    };
    refuse = false;
    puts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/account/trusted-contact/estimates' && init.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { allowed: boolean };
          puts.push(body);
          if (refuse) return json({ error: { code: 'NO_TRUSTED_CONTACT', message: 'Name a trusted contact first.' } }, 409);
          if (contact.contact) contact = { contact: { ...contact.contact, mayApproveEstimates: body.allowed } };
          return new Response(null, { status: 204 });
        }
        if (url === '/api/account/trusted-contact') return json(contact);
        return new Response(null, { status: 404 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("saves the customer's choice as soon as it is ticked, and says so; a refusal is said too", async () => {
    show();
    const box = (await screen.findByLabelText('My trusted contact may approve estimates for me')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await screen.findByText('Saved: John Smith may approve or decline estimates for you.');
    expect(puts).toEqual([{ allowed: true }]);
    await waitFor(() =>
      expect((screen.getByLabelText('My trusted contact may approve estimates for me') as HTMLInputElement).checked).toBe(true),
    );

    refuse = true;
    fireEvent.click(screen.getByLabelText('My trusted contact may approve estimates for me'));
    await screen.findByText('Name a trusted contact first.');
    expect(puts).toEqual([{ allowed: true }, { allowed: false }]);
    expect((screen.getByLabelText('My trusted contact may approve estimates for me') as HTMLInputElement).checked).toBe(true);
  });

  it('is not offered without a trusted contact', async () => {
    contact = { contact: null };
    show();
    await screen.findByLabelText('Their name');
    expect(screen.queryByLabelText('My trusted contact may approve estimates for me')).toBeNull();
  });
});
