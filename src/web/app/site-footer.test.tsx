// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../lib/i18n.ts';
import { SiteFooter } from './site-footer.tsx';

/** The footer's service area, line by line, in a language. */
async function serviceArea(locale: 'en' | 'es'): Promise<string[]> {
  await activateLocale(locale);
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </I18nProvider>,
  );
  const heading = screen.getByRole('heading', { name: locale === 'es' ? 'Zona de servicio' : 'Service area' });
  const list = heading.nextElementSibling;
  return [...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent ?? '');
}

describe('the footer', () => {
  afterEach(async () => {
    cleanup();
    await activateLocale('en');
  });

  it('names the two towns in English', async () => {
    expect((await serviceArea('en')).slice(0, 2)).toEqual(['Town of Islip, NY', 'Town of Smithtown, NY']);
  });

  it('names the two towns in Spanish as municipalities (the glossary), not "Town of"', async () => {
    expect((await serviceArea('es')).slice(0, 2)).toEqual(['Municipio de Islip, NY', 'Municipio de Smithtown, NY']);
  });
});
