import { FEES, feeForAppointment, SERVICE_CITIES, SLOT_LABELS } from '../../../shared/business.ts';
import { spokenSlot } from './knowledge.ts';

/**
 * The test sets' check that an answer states no fact the business does not have, in English or in Spanish: every
 * dollar amount is one the fee schedule can produce, every start time is one of the slots, every place said to be
 * served is named with its town and both are the city list's. Used by the English and the Spanish test sets
 * (built-in-assistant.test.ts, built-in-assistant-es.test.ts).
 */

/** Every amount a visit of up to a day can cost, of either kind, and the 30-minute steps themselves. */
export const POSSIBLE_AMOUNTS: ReadonlySet<string> = (() => {
  const amounts = new Set<string>(Object.values(FEES).map((fee) => `$${fee.incrementDollars}`));
  for (let minutes = 0; minutes <= 24 * 60; minutes += 5) {
    amounts.add(`$${feeForAppointment('troubleshooting', minutes)}`);
    amounts.add(`$${feeForAppointment('consulting', minutes)}`);
  }
  return amounts;
})();

const SPOKEN_SLOTS = SLOT_LABELS.map(spokenSlot);

/** What in the answer is not a fact of ours; empty when everything is. */
export function factProblems(answer: string): string[] {
  const problems: string[] = [];
  for (const amount of answer.match(/\$\d+/g) ?? []) {
    if (!POSSIBLE_AMOUNTS.has(amount)) problems.push(`amount ${amount}`);
  }
  // A start time is written "8:00 am" (English) or "8:00 a. m." (Spanish): either way one of the slots.
  for (const time of answer.match(/\b\d{1,2}:\d{2} ?(?:[ap]m\b|[ap]\. ?m\.)/gi) ?? []) {
    const asSpoken = time.replace(/ ?([ap])\.? ?m\.?$/i, ' $1m').toLowerCase();
    if (!SPOKEN_SLOTS.includes(asSpoken)) problems.push(`time ${time}`);
  }
  // Times in the other ways Spanish writes them ("7 de la noche", "a las 9", "9 p. m.") are never ours.
  for (const [time] of answer.matchAll(
    /\b\d{1,2}(?::\d{2})? ?de la (?:mañana|tarde|noche)|(?<![:\d])\b\d{1,2} ?[ap]\. ?m\.|\ba las? \d{1,2}(?!:\d)\b/gi,
  )) {
    problems.push(`time ${time}`);
  }
  // Every place the assistant says it serves is named with its town: both must be the city list's.
  for (const [, name, town] of answer.matchAll(/([A-Z][A-Za-z. ]*?) \((Town of [A-Za-z]+)\)/g)) {
    if (!SERVICE_CITIES.some((city) => city.name === name && city.town === town)) problems.push(`place ${name} (${town})`);
  }
  return problems;
}
