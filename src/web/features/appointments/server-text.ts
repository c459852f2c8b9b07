import { APPOINTMENT_TEMPLATES } from '../../../shared/appointments.ts';
import { translate } from '../../lib/i18n.ts';

/**
 * The server sends its refusals in English with their values filled in ("Visits must be booked at least 24 hours
 * ahead…", from APPOINTMENT_TEXTS), so the filled text is no message of a catalogue. Such a text is matched back to
 * its template (APPOINTMENT_TEMPLATES) and shown in the active language with its values; any other text goes through
 * `translate` as it came.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FILLED = Object.values(APPOINTMENT_TEMPLATES).map((template) => {
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { template, names, pattern: new RegExp(`^${source}$`) };
});

export function translateServerText(english: string): string {
  for (const { template, names, pattern } of FILLED) {
    const match = pattern.exec(english);
    if (match) return translate(template, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])));
  }
  return translate(english);
}
