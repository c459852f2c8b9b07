import type { BOOKING_DAYS, REMOTE_SUPPORT_TOOLS, ServiceKind } from '../../../shared/business.ts';
import type { SiteLabel } from './knowledge-facts.ts';

/**
 * The words the assistant's answers put into their placeholders, in Spanish, that have no English twin in a
 * catalogue the server reads. The answers themselves are English messages translated in src/server/locales/es.po
 * (knowledge.ts), and the texts of src/shared they quote (the services, the technician's bio, the remote tools'
 * platforms and instructions, the security lessons, the hardware note, the payment terms) are said in Spanish as the
 * site says them, from src/shared/locales/facts/es.po (`fact`, said.ts): one Spanish for one English fact. What stays
 * here, and why:
 * - `listInWordsEs`, `spokenSlotEs`: Spanish grammar and the Spanish screens' way of writing a time, not texts;
 * - `SERVICE_KIND_ES`: the two kinds of work inside the fee answers' Spanish sentences ("2 horas de asesoría"),
 *   the words of the glossary (docs/glossary.md) that the site's labels and src/server/locales/es.po use too;
 * - `DAY_ES`: BOOKING_DAYS are plain English day names, not messages of any catalogue;
 * - `SITE_LABELS_ES` (and spanish-labels.ts): the screens' buttons, whose catalogues are the browser's
 *   (src/web/locales), not loaded by the server; assistant-questions.test.ts checks each against them;
 * - `TOOL_NAME_ES`: the remote tools' names, which the site leaves in English (not messages); the Spanish in
 *   brackets is the assistant's gloss, so a Spanish speaker knows what Quick Assist is called on a Spanish Windows.
 * Each record is keyed by the English it translates: one added there without its Spanish here does not compile.
 */

/** 'a, b y c' (or 'a, b o c'). */
export function listInWordsEs(items: readonly string[], last: 'y' | 'o' = 'y'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** '08:00am' → '8:00 a. m.', as the Spanish booking screens write a time. */
export function spokenSlotEs(label: string): string {
  return label
    .replace(/^0/, '')
    .replace(/(am|pm)$/, ' $1')
    .replace(/ ([ap])m$/, ' $1. m.');
}

/** The two kinds of work, as the answers name them. */
export const SERVICE_KIND_ES: Record<ServiceKind, string> = {
  troubleshooting: 'solución de problemas',
  consulting: 'asesoría',
};

export const DAY_ES: Record<(typeof BOOKING_DAYS)[number], string> = { Saturday: 'sábado', Sunday: 'domingo' };

/**
 * The site's labels the answers name (knowledge.ts SITE_LABELS), as the Spanish screens show them:
 * assistant-questions.test.ts checks each against the screens' Spanish catalogues.
 */
export const SITE_LABELS_ES: Record<SiteLabel, string> = {
  'Send me text messages about my visits': 'Envíenme mensajes de texto sobre mis visitas',
  'Confirm your number for texts': 'Confirme su número para los mensajes de texto',
  'Send a new code': 'Enviar un código nuevo',
  'Trusted contact': 'Persona de confianza',
  'Remove trusted contact': 'Quitar persona de confianza',
  Invoice: 'Factura',
  'Your data': 'Sus datos',
  'Download my data': 'Descargar mis datos',
  'Delete my account': 'Eliminar mi cuenta',
};

/** The remote tools' names, which the site shows in English, with their Spanish gloss. */
export const TOOL_NAME_ES: Record<(typeof REMOTE_SUPPORT_TOOLS)[number]['name'], string> = {
  'Chrome Remote Desktop': 'Chrome Remote Desktop (Escritorio remoto de Chrome)',
  'Windows Quick Assist': 'Windows Quick Assist (Asistencia rápida)',
};
