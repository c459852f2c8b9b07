// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../../shared/app-config.ts';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { configuredBiography, yearsOfExperience } from './technician.ts';
import { TechnicianProfile } from './technician-profile.tsx';

type Technician = AppConfig['technician'];
const render = (ui: ReactNode) => renderBare(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
const UNSET: Technician = { name: '', photoUrl: null, sinceYear: null, bio: { en: [], es: [] } };
const SAM: Technician = { name: 'Sam Rivera', photoUrl: '/images/sam.jpg', sinceYear: 2004, bio: { en: [], es: [] } };

async function inLanguage(locale: 'en' | 'es') {
  await act(async () => {
    await activateLocale(locale);
    await loadMessages(['rules']);
  });
}

describe('the technician in brief', () => {
  beforeEach(() => inLanguage('en'));
  afterEach(cleanup);

  it('counts the years of experience in New York, and none before the first whole year', () => {
    // 1 January 2027, 3 a.m. in London: still 2026 in New York.
    const newYearInLondon = new Date('2027-01-01T03:00:00Z');
    expect(yearsOfExperience(2004, newYearInLondon)).toBe(22);
    expect(yearsOfExperience(2026, newYearInLondon)).toBeUndefined();
    expect(yearsOfExperience(2025, newYearInLondon)).toBe(1);
    expect(yearsOfExperience(null, newYearInLondon)).toBeUndefined();
  });

  it('tells the owner’s biography in the page’s language, the English one marked as English, else the built-in one', () => {
    const both: Technician = { ...UNSET, bio: { en: ['I fix computers.'], es: ['Arreglo computadoras.'] } };
    expect(configuredBiography(both, 'es')).toEqual({ paragraphs: ['Arreglo computadoras.'] });
    expect(configuredBiography(both, 'en')).toEqual({ paragraphs: ['I fix computers.'] });
    const englishOnly: Technician = { ...UNSET, bio: { en: ['I fix computers.'], es: [] } };
    expect(configuredBiography(englishOnly, 'es')).toEqual({ paragraphs: ['I fix computers.'], lang: 'en' });
    expect(configuredBiography(UNSET, 'es')).toBeUndefined();
  });

  it('draws the technician until a photo is set, and names no one when no name is set', () => {
    const { container } = render(<TechnicianProfile technician={UNSET} />);
    expect(container.querySelector('svg.technician-portrait')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(/years of experience/)).toBeNull();
    expect(screen.getByText('Serves homes and businesses in the Town of Islip and the Town of Smithtown')).toBeTruthy();
  });

  it('shows the photo, the name and the years, in English and in Spanish', async () => {
    const { unmount } = render(<TechnicianProfile technician={SAM} />);
    const photo = screen.getByRole('img', { name: 'Photo of Sam Rivera' });
    expect(photo.getAttribute('src')).toBe('/images/sam.jpg');
    expect([photo.getAttribute('width'), photo.getAttribute('height'), photo.getAttribute('loading')]).toEqual(['240', '240', 'lazy']);
    expect(screen.getByRole('heading', { level: 3, name: 'Sam Rivera' })).toBeTruthy();
    const years = yearsOfExperience(2004);
    expect(screen.getByText(`${years} years of experience with computers, networks and people`)).toBeTruthy();
    unmount();

    await inLanguage('es');
    const newYorkYear = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(new Date()));
    render(<TechnicianProfile technician={{ ...SAM, photoUrl: null, sinceYear: newYorkYear - 1 }} />);
    expect(screen.getByText('1 año de experiencia con computadoras, redes y personas')).toBeTruthy();
    expect(screen.getByText('Atiende hogares y negocios en los municipios de Islip y Smithtown')).toBeTruthy();
  });
});
