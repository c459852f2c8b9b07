// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render as renderBare, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicReviews } from '../../../../shared/reviews.ts';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { CustomerReviews, CustomerReviewsView } from './customer-reviews.tsx';

const render = (ui: ReactNode) => renderBare(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
const REVIEWS: PublicReviews = {
  count: 12,
  average: 4.7,
  reviews: [
    { firstName: 'Rosa', town: 'Smithtown', rating: 5, comment: 'Explained every step.', language: 'en', month: '2026-11' },
    { firstName: 'Héctor', town: '', rating: 4, comment: 'Muy paciente.', language: 'es', month: '2026-03' },
  ],
};

async function inLanguage(locale: 'en' | 'es') {
  await act(async () => {
    await activateLocale(locale);
    await loadMessages(['rules']);
  });
}

describe('what customers say', () => {
  beforeEach(() => inLanguage('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says nothing before there is an average or a comment to show', () => {
    const { container } = render(<CustomerReviewsView reviews={{ count: 2, average: null, reviews: [] }} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the average with the number of ratings, and each comment with its stars, first name, town, month and language', () => {
    render(<CustomerReviewsView reviews={REVIEWS} />);
    const section = screen.getByRole('region', { name: 'What our customers say' });
    expect(section.querySelector('.review-average')?.textContent).toBe('4.7');
    expect(screen.getByText('out of 5, from 12 ratings by customers after their visit')).toBeTruthy();
    const cards = [...section.querySelectorAll('figure')].map((figure) => ({
      stars: figure.querySelector('.visually-hidden')?.textContent,
      drawn: figure.querySelector('.review-stars-full')?.textContent,
      comment: figure.querySelector('blockquote')?.textContent,
      lang: figure.querySelector('blockquote')?.getAttribute('lang'),
      who: figure.querySelector('figcaption')?.textContent,
    }));
    expect(cards).toEqual([
      { stars: '5 stars out of 5', drawn: '★★★★★', comment: 'Explained every step.', lang: 'en', who: 'Rosa, SmithtownNovember 2026' },
      { stars: '4 stars out of 5', drawn: '★★★★', comment: 'Muy paciente.', lang: 'es', who: 'HéctorMarch 2026' },
    ]);
  });

  it('speaks Spanish: the decimal comma, the count and the month', async () => {
    await inLanguage('es');
    render(<CustomerReviewsView reviews={{ ...REVIEWS, count: 1, reviews: REVIEWS.reviews.slice(1) }} />);
    expect(screen.getByRole('heading', { name: 'Lo que dicen nuestros clientes' })).toBeTruthy();
    expect(document.querySelector('.review-average')?.textContent).toBe('4,7');
    expect(screen.getByText('de 5, según 1 calificación de clientes después de su visita')).toBeTruthy();
    expect(screen.getByText('4 estrellas de 5')).toBeTruthy();
    expect(screen.getByText('marzo de 2026')).toBeTruthy();
  });

  it('reads the ratings from the server once shown, and leaves the section out when the read fails', async () => {
    const fetch = vi.fn(
      async (_url: string) => new Response(JSON.stringify(REVIEWS), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const { unmount } = render(<CustomerReviews />);
    await screen.findByText('Explained every step.');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/reviews/public']);
    unmount();

    const refused = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Down' } }), { status: 503 }));
    vi.stubGlobal('fetch', refused);
    const { container } = render(<CustomerReviews />);
    await waitFor(() => expect(refused).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
  });
});
