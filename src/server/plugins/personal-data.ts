import { redactUrl } from './log-redaction.ts';

/** What stands in the error log for an e-mail address, a card number, a phone number and a street address. */
export const EMAIL_PLACEHOLDER = '[e-mail]';
export const CARD_PLACEHOLDER = '[card number]';
export const PHONE_PLACEHOLDER = '[phone number]';
export const ADDRESS_PLACEHOLDER = '[street address]';
/** What stands for a secret (a one-time code, a token, a password, an Authorization or Cookie value), as in the process log. */
export const SECRET_PLACEHOLDER = '[redacted]';

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

/** A value that may be a key rather than a word: long, or letters and digits mixed (`s7a7e9z`, `abc123`). */
function looksLikeToken(value: string): boolean {
  return value.length >= 16 || (value.length >= 6 && /\d/.test(value) && /\p{L}/u.test(value));
}
/** A constant such as an error code (`ECONNREFUSED`, `VALIDATION_FAILED`): never a secret. */
const CONSTANT = /^[A-Z][A-Z\d_]*$/;

/**
 * An Authorization header's value, written as a header (`Authorization: Bearer …`) or as a parameter: the scheme, if
 * any, and the credentials. A quoted value is left to the name-value pairs below.
 */
const AUTHORIZATION =
  /\b((?:proxy-)?authorization)([ \t]*[:=][ \t]*)(?!\\?["'])(?:(bearer|basic|token|digest|negotiate|ntlm|bot)\s+)?([^\s,;"'<>`\\]+)/giu;
/** A Cookie or Set-Cookie header's value: its `name=value` pairs, all of them. */
const COOKIE = /\b((?:set-)?cookie)([ \t]*:[ \t]*|=)(?!\\?["'])[^\s;,="'<>`\\]+=[^\s;,"'<>`\\]*(?:;[ \t]*[^\s;,"'<>`\\]+)*/giu;
/** A bearer token on its own (a token-like word after "Bearer"). */
const BEARER = /\b(bearer)\s+([\w\-.~+/]+=*)/giu;

/**
 * The app's links that carry a token in their path: better-auth's `/reset-password/TOKEN`, `/verify-email/TOKEN` and
 * `/magic-link/TOKEN`, and the owner's calendar feed `/calendar/SECRET.ics`.
 */
const SECRET_PATH = /\b(reset-password|verify-email|magic-link|voice\/reminder)\/[^\s/?#"'<>`\\:;,()]+/giu;
const CALENDAR_PATH = /\b(calendar)\/(?:[\w-]{16,}(?:\.ics)?|[\w-]+\.ics)(?![\w-])/giu;

/**
 * A URL's query or fragment, wherever it stands in the text (`?mode=…&oobCode=…`, `#access_token=…`): it keeps the
 * values of the app's own harmless parameters only, as the process log does (`redactUrl`). A `?` inside one starts
 * another, so that a URL inside a kept value (`next=/x?token=…`) is judged too.
 */
const QUERY = /[?#][^\s?#"'<>`\\]+/gu;
/** Punctuation that ends the sentence around a link, no part of it. */
const TRAILING_PUNCTUATION = new Set(['.', ',', ';', ':', '!', ')', ']', '}']);

function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(text[end - 1] ?? '')) end -= 1;
  return text.slice(0, end);
}

/**
 * The start of a name-value pair: a name (quoted or not), then `=` (or `%3D`, percent-encoded in a link), or `:` as
 * in JSON and in what Node prints, and a quoted value; or `=` and a bare value; or `: ` and a bare word.
 */
const PAIR = /(\\?["']?)([\w.$-]{1,64})\1[ \t]*(?:(?:=|%3[dD]|:)[ \t]*(\\?["'])|(=|%3[dD])|:[ \t]+)/gu;
/** Names whose values are secrets, wherever they appear in the name (`newPassword`, `techhelp.session_token`, `x-api-key`). */
const SECRET_NAME =
  /token|secret|passw|pwd|oobcode|signature|api[-_]?key|access[-_]?key|private[-_]?key|authorization|cookie|session|credential|csrf|xsrf/i;
const SECRET_NAME_EXACT = new Set(['auth', 'otp', 'sig']);
/** OAuth's `code` and `state`: secrets when they look like keys, not when they are numbers or error codes. */
const KEY_NAME = new Set(['code', 'state']);
/** Where a bare value ends: at white space, a quote, and the separators of a query, a cookie or a list. */
const BARE_VALUE = /(?:[^\s&#"'<>`\\;,%]|%(?!26))*/uy;
const WORD_VALUE = /[^\s,;"'<>`\\]*/uy;

function mayNameSecret(name: string): boolean {
  const lower = name.toLowerCase();
  return KEY_NAME.has(lower) || SECRET_NAME.test(lower) || SECRET_NAME_EXACT.has(lower);
}

function isSecret(name: string, value: string, kind: 'quoted' | 'bare' | 'word'): boolean {
  if (value === SECRET_PLACEHOLDER) return false;
  // `code` and `state`, and any value after ": " (which may be prose: "Session: expired"), only when they look like keys.
  if (KEY_NAME.has(name.toLowerCase()) || kind === 'word') return looksLikeToken(value) && !CONSTANT.test(value);
  return value !== '';
}

/** Where a quoted value ends: at its closing quote (written as it was opened, `"` or `\"`), or at the end of the line. */
function quotedValueEnd(text: string, start: number, opening: string): number {
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (character === '\n' || character === '\r') return index;
    if (text.startsWith(opening, index)) return index;
    if (character === '\\' && opening.length === 1) index += 1;
  }
  return text.length;
}

/** Replaces the values of secret name-value pairs: `oobCode=…`, `"password":"…"`, `token: '…'`, `x-api-key: …`. */
function scrubSecretPairs(text: string): string {
  let result = '';
  let copiedTo = 0;
  PAIR.lastIndex = 0;
  for (let match = PAIR.exec(text); match; match = PAIR.exec(text)) {
    const [whole, , name = '', opening, bare] = match;
    const start = match.index + whole.length;
    if (!mayNameSecret(name)) {
      // What follows the name is looked at in turn (a quoted value may hold pairs of its own).
      PAIR.lastIndex = start;
      continue;
    }
    let end: number;
    let kind: 'quoted' | 'bare' | 'word';
    if (opening) {
      kind = 'quoted';
      end = quotedValueEnd(text, start, opening);
    } else {
      kind = bare ? 'bare' : 'word';
      const value = kind === 'bare' ? BARE_VALUE : WORD_VALUE;
      value.lastIndex = start;
      const found = value.exec(text)?.[0] ?? '';
      // A value taken out already stays as it is; punctuation after a value ends the sentence around it.
      end = start + (found.startsWith(SECRET_PLACEHOLDER) ? SECRET_PLACEHOLDER.length : withoutTrailingPunctuation(found).length);
    }
    const value = text.slice(start, end);
    if (isSecret(name, value, kind)) {
      result += text.slice(copiedTo, start) + SECRET_PLACEHOLDER;
      copiedTo = end;
      PAIR.lastIndex = end;
    } else {
      PAIR.lastIndex = start;
    }
  }
  return result + text.slice(copiedTo);
}

/** drizzle's failed query puts its values after the query in the message: `Failed query: …\nparams: a,b`. */
const QUERY_PARAMS = /(\bparams:)[^\n]*/g;
/** PostgreSQL's detail names the values of a broken constraint: `Key (email)=(ann@example.com) already exists.` */
const KEY_VALUES = /(\bKey \([^)]*\)=\()[^)]*(\))/g;

/**
 * Takes one-time codes, tokens, passwords, Authorization and Cookie values, and a failed query's values (a session
 * token, an address) out of a text.
 */
function scrubSecrets(text: string): string {
  return scrubSecretPairs(
    text
      .replace(QUERY_PARAMS, `$1 ${SECRET_PLACEHOLDER}`)
      .replace(KEY_VALUES, `$1${SECRET_PLACEHOLDER}$2`)
      .replace(AUTHORIZATION, (whole, name: string, separator: string, scheme: string | undefined, credentials: string) =>
        scheme || looksLikeToken(credentials) ? `${name}${separator}${SECRET_PLACEHOLDER}` : whole,
      )
      .replace(COOKIE, (_whole, name: string, separator: string) => `${name}${separator}${SECRET_PLACEHOLDER}`)
      .replace(BEARER, (whole, scheme: string, token: string) =>
        looksLikeToken(token) && token !== SECRET_PLACEHOLDER ? `${scheme} ${SECRET_PLACEHOLDER}` : whole,
      )
      .replace(SECRET_PATH, (_whole, before: string) => `${before}/${SECRET_PLACEHOLDER}`)
      .replace(CALENDAR_PATH, (_whole, before: string) => `${before}/${SECRET_PLACEHOLDER}`)
      .replace(QUERY, (found) => {
        const query = withoutTrailingPunctuation(found);
        if (!query.includes('=')) return found;
        return query[0] + redactUrl(`?${query.slice(1)}`).slice(1) + found.slice(query.length);
      }),
  );
}

/**
 * A US phone number: ten digits (area code and exchange not starting with 0 or 1), maybe after +1 or 1, whole or
 * grouped 3-3-4 by spaces, dots or dashes, the area code maybe in parentheses: 631-555-0142, (631) 555-0142,
 * +16315550142, 6315550142. Digits that go on, or belong to a word, are something else (a timestamp, an id).
 */
const PHONE =
  /(?<![\p{L}\p{N}_+]|\d[-.])(?:\+?1[ .-]?)?(?:\([ ]?[2-9]\d{2}[ ]?\)[ .-]?|[2-9]\d{2}[ .-]?)[2-9]\d{2}[ .-]?\d{4}(?![\p{L}\p{N}_]|[-.]\d)/gu;

/** Street types a street address ends with, as written out and abbreviated (`Main Street`, `Ocean Ave`). */
const STREET_TYPES = [
  'Street',
  'St',
  'Avenue',
  'Ave',
  'Road',
  'Rd',
  'Boulevard',
  'Blvd',
  'Lane',
  'Ln',
  'Drive',
  'Dr',
  'Court',
  'Ct',
  'Place',
  'Pl',
  'Terrace',
  'Ter',
  'Way',
  'Circle',
  'Cir',
  'Highway',
  'Hwy',
  'Parkway',
  'Pkwy',
  'Turnpike',
  'Tpke',
  'Square',
  'Sq',
  'Trail',
  'Trl',
  'Plaza',
  'Plz',
  'Alley',
  'Crescent',
  'Expressway',
  'Expy',
];
/** A word of a street's name: capitalised (`Main`, `N.`, `O'Neil`), or an ordinal (`5th`, `42nd`). */
const STREET_WORD = String.raw`(?:\p{Lu}[\p{L}'’.-]*|\d{1,4}(?:st|nd|rd|th|ST|ND|RD|TH))`;
const UNIT = String.raw`(?:,?\s+(?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|Rm|Room|APT|SUITE|UNIT)\.?\s*#?[\p{L}\p{N}-]{1,8}|,?\s*#\s?[\p{L}\p{N}-]{1,8})?`;
/**
 * A street address: a house number, one to four words of a name, a street type, maybe a unit (`12 Main St`,
 * `4-20 N. Country Road, Apt 3B`); and a post office box.
 */
const STREET_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}_:./#$-])\d{1,6}[A-Za-z]?(?:-\d{1,5})?\s+(?:${STREET_WORD}\s+){1,4}(?:${STREET_TYPES.flatMap((type) => [type, type.toUpperCase()]).join('|')})\b\.?${UNIT}`,
  'gu',
);
const PO_BOX = /\bP\.?[ ]?O\.?[ ]+Box[ ]+\d{1,6}\b/giu;

/** Replaces the matches of `pattern`, except those inside an id (the ids, with their digits, stay readable). */
function replaceOutsideIds(text: string, pattern: RegExp, placeholder: string): string {
  const ids = [...text.matchAll(ID)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return text.replace(pattern, (found: string, offset: number) =>
    ids.some((id) => offset < id.end && offset + found.length > id.start) ? found : placeholder,
  );
}

function scrubCardNumbersIn(text: string): string {
  const ids = [...text.matchAll(ID)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return text.replace(DIGIT_RUN, (run, offset: number, whole: string) => {
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

/**
 * Takes secrets and personal data out of a text before it is stored or logged: the error log keeps what went wrong,
 * not whom it happened to, nor a key to anything. Out go one-time codes and tokens in links (a query keeps the values
 * of the app's own harmless parameters only; a token in the path of a reset, verification, magic or calendar link),
 * the values of secret name-value pairs (`oobCode=`, `"password":`, `session_token=`, `x-api-key: `), Authorization
 * and Cookie values, bearer tokens, e-mail addresses, card numbers, US phone numbers and street addresses. Stack
 * frames (`app.js:12345:67`), timestamps, ids, status codes and amounts stay.
 */
export function scrubPersonalData(text: string): string {
  const withoutSecrets = scrubSecrets(text);
  const withoutEmails = withoutSecrets.replace(EMAIL, EMAIL_PLACEHOLDER);
  const withoutCards = scrubCardNumbersIn(withoutEmails);
  const withoutPhones = replaceOutsideIds(withoutCards, PHONE, PHONE_PLACEHOLDER);
  return replaceOutsideIds(withoutPhones, STREET_ADDRESS, ADDRESS_PLACEHOLDER).replace(PO_BOX, ADDRESS_PLACEHOLDER);
}
