import type { AppConfig } from '../../../../shared/app-config.ts';

/** What the public pages work out about the technician from the settings (TECHNICIAN_*), apart from the components. */
type Technician = AppConfig['technician'];

/** The year it is in New York (the business's zone, written here: business.ts would bring its texts to `/`). */
function currentYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(now));
}

/** Whole years since the technician started (TECHNICIAN_SINCE_YEAR), or undefined when unset or not a year yet. */
export function yearsOfExperience(sinceYear: number | null, now: Date = new Date()): number | undefined {
  if (sinceYear === null) return undefined;
  const years = currentYear(now) - sinceYear;
  return years >= 1 ? years : undefined;
}

/**
 * The biography to show in `locale` (TECHNICIAN_BIO, TECHNICIAN_BIO_ES): the owner's own in that language, else
 * their English one (marked as English), else undefined for the built-in one.
 */
export function configuredBiography(technician: Technician, locale: string): { paragraphs: string[]; lang?: 'en' } | undefined {
  const own = locale === 'es' ? technician.bio.es : technician.bio.en;
  if (own.length > 0) return { paragraphs: own };
  if (technician.bio.en.length > 0) return { paragraphs: technician.bio.en, lang: 'en' };
  return undefined;
}
