/** What stands in the error log for an e-mail address and for a card number. */
export const EMAIL_PLACEHOLDER = '[e-mail]';
export const CARD_PLACEHOLDER = '[card number]';

/**
 * An e-mail address, written out or percent-encoded as in a link (`%40`). The parts are bounded (64 characters
 * before the @, as the standard allows), so a long text without an address costs little to search.
 */
const EMAIL = /[\p{L}\p{N}._%+-]{1,64}(?:@|%40)(?:[\p{L}\p{N}-]{1,63}\.){1,10}\p{L}{2,63}/giu;

/** Digits in groups joined by single spaces or dashes: where card numbers are looked for. */
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
/**
 * A UUID, or an appointment id (its New York date, YYYYMMDD, before a UUID): digits inside one belong to an id, even
 * where a few of its groups in a row read as a number that passes the Luhn check (about one appointment id in a
 * thousand), and are left alone.
 */
const ID = /(?:\d{8}-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const CARD_MIN_DIGITS = 13;
const CARD_MAX_DIGITS = 19;
/** Card numbers are written whole or in groups of at least 3 digits (4-4-4-4, 4-6-5); shorter groups are other things. */
const CARD_MIN_GROUP = 3;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

type DigitGroup = { start: number; end: number; digits: string };

/**
 * Replaces the card numbers in a run of digit groups: 13 to 19 digits, whole or in consecutive groups, that pass
 * the Luhn check (so most order numbers, timestamps and phone numbers stay, and a run of more digits is looked
 * at group by group). A group that `belongsElsewhere` (to an id, or to the word it touches) is part of no card
 * number, and a card number is looked for on each side of it.
 */
function scrubCardNumbers(run: string, belongsElsewhere: (group: DigitGroup, index: number, count: number) => boolean): string {
  const all = [...run.matchAll(/\d+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length, digits: match[0] }));
  const grouped = all.length > 1;
  const groups = all.map((group, index) => (belongsElsewhere(group, index, all.length) ? undefined : group));
  let result = '';
  let copiedTo = 0;
  let first = 0;
  while (first < groups.length) {
    let found = -1;
    let digits = '';
    for (let last = first; last < groups.length; last++) {
      const group = groups[last];
      if (!group || (grouped && group.digits.length < CARD_MIN_GROUP)) break;
      digits += group.digits;
      if (digits.length > CARD_MAX_DIGITS) break;
      if (digits.length >= CARD_MIN_DIGITS && passesLuhn(digits)) found = last;
    }
    const start = groups[first];
    const end = groups[found];
    if (start && end) {
      result += run.slice(copiedTo, start.start) + CARD_PLACEHOLDER;
      copiedTo = end.end;
      first = found + 1;
    } else {
      first += 1;
    }
  }
  return result + run.slice(copiedTo);
}

/**
 * Takes e-mail addresses and card numbers out of a text before it is stored or logged: the error log keeps what
 * went wrong, not whom it happened to. Digits that are part of a word (an id, a file name) are left alone.
 */
export function scrubPersonalData(text: string): string {
  const withoutEmails = text.replace(EMAIL, EMAIL_PLACEHOLDER);
  const ids = [...withoutEmails.matchAll(ID)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return withoutEmails.replace(DIGIT_RUN, (run, offset: number, whole: string) => {
    const before = whole[offset - 1];
    const after = whole[offset + run.length];
    const touchesWordBefore = Boolean(before && WORD_CHARACTER.test(before));
    const touchesWordAfter = Boolean(after && WORD_CHARACTER.test(after));
    // Only the group that touches a word belongs to it ("…5f60 4111 1111 1111 1111": the 60 ends an id, the card
    // number after it is still one), as do the groups inside an id.
    return scrubCardNumbers(
      run,
      (group, index, count) =>
        (index === 0 && touchesWordBefore) ||
        (index === count - 1 && touchesWordAfter) ||
        ids.some((id) => offset + group.start < id.end && offset + group.end > id.start),
    );
  });
}
