// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SALES, quarterAround, type SalesTaxReport } from '../../../../shared/sales-tax-report.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Component as SalesTaxPage } from './sales-tax-page.tsx';

/** The server's report of the quarter of `day`: a $158.63 sale in Suffolk given back in the same quarter, and a $90 one. */
function reportOf(day: string): SalesTaxReport {
  const sale = { grossCents: 15863, nonTaxableCents: 5000, exemptCents: 0, taxableCents: 10000, taxCents: 863, count: 1 };
  const sales = { grossCents: 24863, nonTaxableCents: 14000, exemptCents: 0, taxableCents: 10000, taxCents: 863, count: 2 };
  const net = { grossCents: 9000, nonTaxableCents: 9000, exemptCents: 0, taxableCents: 0, taxCents: 0, count: 3 };
  return {
    ...quarterAround(day),
    jurisdictions: [
      { jurisdiction: 'suffolk', rates: [8625], sales, refunds: sale, net },
      { jurisdiction: 'nassau', rates: [8625], sales: NO_SALES, refunds: NO_SALES, net: NO_SALES },
    ],
    total: net,
    scaled: [],
  };
}

let asked: string[];

// The spinner's own text is a shared component's, through Lingui.
beforeAll(() => activateLocale('en'));

function show(path: string) {
  const router = createMemoryRouter([{ path: '/sales-tax', element: <SalesTaxPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A table's rows as text: each cell's text, joined by " | ". */
function rows(table: HTMLElement): string[] {
  return [...table.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent).join(' | '));
}

describe('the sales-tax page', () => {
  beforeEach(() => {
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        const day = new URL(url, 'http://localhost').searchParams.get('quarter') ?? '';
        return new Response(JSON.stringify(reportOf(day)), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a table per county, captioned, with the sales, the refunds deducted and what to report', async () => {
    show('/sales-tax?quarter=2026-04-15');
    const suffolk = await screen.findByRole('table', { name: 'Suffolk County (8.625%), Mar 2026 – May 2026' });
    expect(rows(suffolk)).toEqual([
      'Line | Gross sales | Non-taxable sales | of which exempt | Taxable sales | Sales tax | Count',
      'Sales | $248.63 | $140.00 | $0.00 | $100.00 | $8.63 | 2 payments',
      'Refunds | −$158.63 | −$50.00 | $0.00 | −$100.00 | −$8.63 | 1 refund',
      'To report | $90.00 | $90.00 | $0.00 | $0.00 | $0.00 | ',
    ]);
    expect(screen.getByRole('table', { name: 'Nassau County (8.625%), Mar 2026 – May 2026' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'Mar 2026 – May 2026: gross sales $90.00, taxable sales $0.00, sales tax $0.00',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/sales-tax.csv?quarter=2026-03-01');
    expect(asked).toEqual(['/api/admin/sales-tax?quarter=2026-03-01']);
  });

  it('moves to the quarter before and after with its buttons, kept in the address', async () => {
    const router = show('/sales-tax?quarter=2026-04-15');
    const quarter = screen.getByRole('navigation', { name: 'Quarter' });
    expect(within(quarter).getByText('Mar 2026 – May 2026')).toBeTruthy();
    fireEvent.click(within(quarter).getByRole('button', { name: 'Previous quarter' }));
    await screen.findByRole('table', { name: 'Suffolk County (8.625%), Dec 2025 – Feb 2026' });
    expect(router.state.location.search).toBe('?quarter=2026-02-28');
    fireEvent.click(within(quarter).getByRole('button', { name: 'Next quarter' }));
    fireEvent.click(within(quarter).getByRole('button', { name: 'Next quarter' }));
    await screen.findByRole('table', { name: 'Suffolk County (8.625%), Jun 2026 – Aug 2026' });
    expect(asked).toContain('/api/admin/sales-tax?quarter=2026-06-01');
  });

  it('starts from the current quarter in New York when the address names none it can read', async () => {
    show('/sales-tax?quarter=someday');
    await screen.findAllByRole('table');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^\/api\/admin\/sales-tax\?quarter=\d{4}-(03|06|09|12)-01$/);
  });
});
