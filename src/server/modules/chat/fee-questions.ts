import { appointmentBill } from '../../../shared/billing.ts';
import { FEES, GRACE_MINUTES, INCREMENT_MINUTES, type ServiceKind } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import { detectLanguage } from './language.ts';
import { said, say, words } from './said.ts';
import { SERVICE_KIND_ES } from './spanish-words.ts';

/**
 * Fee questions (issue 41): a question with a length of time and a cost word or a kind of work ("How much is a
 * 2-hour visit?", "¿cuánto cobran por hora y media de consultoría?") gets the amount the bill from the clock would
 * charge (appointmentBill of billing.ts, the fee schedule of business.ts), with its arithmetic in one line. The earlier
 * questions of the conversation are read too: after "How much is consulting per hour?", "and for two hours?" is two
 * hours of consulting, and "and troubleshooting?" prices the earlier length for the other kind.
 *
 * It needs nothing but the text, so it can answer in front of any provider: the built-in assistant uses it first,
 * and it can stand in front of an OpenAI-compatible model the same way.
 */

export type FeeLanguage = 'en' | 'es';

// ---- Reading lengths of time ------------------------------------------------------------------------------------

const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  'twenty-five': '25',
  thirty: '30',
  forty: '40',
  'forty-five': '45',
  'forty five': '45',
  fifty: '50',
  sixty: '60',
  seventy: '70',
  eighty: '80',
  ninety: '90',
};

/** The one length of time a set of lengths found in a text names; none when it names none or two. */
function oneLength(value: string, pattern: RegExp): number | undefined {
  const lengths = [...value.matchAll(pattern)];
  if (lengths.length !== 1) return undefined;
  const [, hours, extraMinutes, onlyMinutes] = lengths[0] ?? [];
  const minutes = Math.round(hours !== undefined ? Number(hours) * 60 + Number(extraMinutes ?? 0) : Number(onlyMinutes));
  return minutes > 0 && minutes <= 24 * 60 ? minutes : undefined;
}

/**
 * The length of time an English question names, in minutes ("90 minutes", "a 2-hour visit", "2hrs", "an hour and a
 * half", "1 1/2 hours", "hour and 15 minutes"). Two separate lengths ("2 hours? more than 90 minutes?") or a range
 * ("1-2 hours") name no single visit: no answer.
 */
export function minutesIn(text: string): number | undefined {
  let value = ` ${text.toLowerCase()} `;
  value = value.replace(
    /\b(forty[- ]five|twenty-five|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/g,
    (word) => NUMBER_WORDS[word] ?? word,
  );
  value = value
    .replace(/(?<=[a-z])-(?=[a-z])/g, ' ')
    .replace(/(\d)\s*-\s*(hours?|hrs?|minutes?|mins?)\b/g, '$1 $2')
    .replace(/(?<![\d./,-])(\d+)(?: and)? (?:1\/2|½)/g, ' $1.5 ')
    .replace(/(?<![\d./,-])(?:1\/2|½)/g, ' 0.5 ')
    .replace(/\b(an|a|1) hours? and a half\b/g, ' 1.5 hours ')
    .replace(/\b(\d+) and a half hours?\b/g, ' $1.5 hours ')
    .replace(/\b(\d+) hours? and a half\b/g, ' $1.5 hours ')
    .replace(/\b(a |an )?half an? hours?\b|\ba half hours?\b|\bhalf hours?\b/g, ' 30 minutes ')
    .replace(/\b(an|a) hour\b/g, ' 1 hour ')
    // What is left without a number before it: "hour and a half", "hour and 15 minutes".
    .replace(/(?<![\d.]\s*)\bhour and a half\b/g, ' 1.5 hours ')
    .replace(/(?<![\d.]\s*)\bhour (?:and )?(\d+) ?(minutes?|mins?)\b/g, ' 1 hour $1 minutes ');
  return oneLength(
    value,
    /(?<![\d./,:-])(?:(\d+(?:\.\d+)?)\s*(?:hours?|hrs?|h)\b(?:\s*(?:and\s*)?(\d+)\s*(?:minutes?|mins?|m)\b)?|(\d+)\s*(?:minutes?|mins?|m)\b)/g,
  );
}

const NUMBER_WORDS_ES: Record<string, string> = {
  un: '1',
  una: '1',
  uno: '1',
  dos: '2',
  tres: '3',
  cuatro: '4',
  cinco: '5',
  seis: '6',
  siete: '7',
  ocho: '8',
  nueve: '9',
  diez: '10',
  once: '11',
  doce: '12',
  quince: '15',
  veinte: '20',
  veinticinco: '25',
  treinta: '30',
  cuarenta: '40',
  'cuarenta y cinco': '45',
  cincuenta: '50',
  sesenta: '60',
  setenta: '70',
  ochenta: '80',
  noventa: '90',
};

/** Lower case, without accents or the tilde ("¿Cuánto cuesta mañana?" → "¿cuanto cuesta manana?"). */
export function withoutAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** minutesIn for Spanish, on text without accents: "hora y media", "dos horas", "90 minutos", "media hora". */
export function minutesInEs(plainText: string): number | undefined {
  let value = ` ${plainText} `.replace(/\btres cuartos de hora\b/g, ' 45 minutos ');
  value = value.replace(
    /\b(cuarenta y cinco|un|una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|veinticinco|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)\b/g,
    (word) => NUMBER_WORDS_ES[word] ?? word,
  );
  value = value
    .replace(/(\d)\s*-\s*(horas?|hrs?|minutos?|mins?)\b/g, '$1 $2')
    .replace(/(?<![\d./,-])(\d+)(?: y)? (?:1\/2|½)/g, ' $1.5 ')
    .replace(/(?<![\d./,-])(?:1\/2|½)/g, ' 0.5 ')
    .replace(/(?<![\d./,-])(\d+),(\d+)/g, ' $1.$2 ')
    .replace(/\b(\d+) horas? y media\b/g, ' $1.5 horas ')
    .replace(/\b(\d+) horas? y cuarto\b/g, ' $1 horas 15 minutos ')
    .replace(/(?<![\d.] )\bhoras? y media\b/g, ' 1.5 horas ')
    .replace(/(?<![\d.] )\bhora y cuarto\b/g, ' 1 hora 15 minutos ')
    .replace(/\b(?:1 )?media hora\b/g, ' 30 minutos ')
    // "hora y 15 minutos", without a number before it.
    .replace(/(?<![\d.]\s*)\bhora (?:y )?(\d+) ?(minutos?|mins?)\b/g, ' 1 hora $1 minutos ');
  return oneLength(
    value,
    /(?<![\d./,:-])(?:(\d+(?:\.\d+)?)\s*(?:horas?|hrs?|h|hours?)\b(?:\s*(?:y\s*)?(\d+)\s*(?:minutos?|mins?|m)\b)?|(\d+)\s*(?:minutos?|mins?|m)\b)/g,
  );
}

// ---- Reading the rest of a question -------------------------------------------------------------------------------

/**
 * What one language needs to read a fee question. Spanish patterns read the text without accents; English ones the
 * text in lower case.
 */
type Reader = {
  plain: (text: string) => string;
  minutesIn: (plainText: string) => number | undefined;
  /** The kinds of work a question names: consulting (advice, planning, training, lessons) or troubleshooting. */
  kindsIn: (plainText: string) => ServiceKind[];
  costWords: RegExp;
  /** A short follow-up's opening: "and", "what about", "y", "¿y", "qué tal". */
  followUp: RegExp;
  /** "What if it takes 3 hours?": a length of time that, after a fee question, is the visit's. */
  takes: RegExp;
  /** A length that is a rule's, not a visit's ("cancel 24 hours before"): never priced. */
  notAVisit: RegExp;
};

const ENGLISH_READER: Reader = {
  plain: (text) => text.toLowerCase(),
  minutesIn,
  kindsIn: (text) => [
    ...(/\b(troubleshoot|repair|fix|set ?up|set-up|setting up|install)/.test(text) ? ['troubleshooting' as const] : []),
    ...(/\b(consult|advice|advis|plann|training|train me|lesson|teach|tutor|coach|class)/.test(text) ? ['consulting' as const] : []),
  ],
  costWords:
    /\b(cost|costs|price|priced|pricing|charge|charged|charges|fee|fees|much|pay|owe|bill|billed|rate|rates|expensive|dollars?|total|quote|estimate|set me back|run me)\b/,
  followUp: /^\W*(and|what about|how about|also|plus|ok,? and|so|then|what if|and if)\b/,
  takes: /\b(takes?|taking|took|lasts?|lasting|runs?|running|goes|went|needs?|if)\b/,
  notAVisit: /\b(cancel\w*|notice|in advance|ahead|reschedul\w*|remind\w*|refund\w*|before (it|the|my|your))\b/,
};

const SPANISH_READER: Reader = {
  plain: withoutAccents,
  minutesIn: minutesInEs,
  kindsIn: (text) => [
    ...(/(troubleshoot|repar|arregl|solucion de problemas|\bfix|instala|configura|\bsetup\b|set up)/.test(text)
      ? ['troubleshooting' as const]
      : []),
    ...(/(consult|asesor|consejo|planific|planear|capacitac|entrenamiento|\bclases\b|leccion|ensen|tutoria|advice|planning|training|lesson)/.test(
      text,
    )
      ? ['consulting' as const]
      : []),
  ],
  costWords:
    /\b(cuanto|cuesta|cuestan|costo|costaria|costarian|costara|cuestaria|precio|precios|cobran|cobra|cobrarian|cobraria|cobro|cobrar|tarifa|tarifas|pagar|pago|pagaria|saldria|sale|dolares|total|cost|price|charge|fee)\b/,
  followUp: /^\W*(y|que tal|y que tal|tambien|entonces|ok,? y|bueno,? y|y si|and)\b/,
  takes: /\b(tarda\w*|dura\w*|toma\w*|lleva\w*|si)\b/,
  notAVisit: /\b(cancel\w*|anticipacion|aviso|antes de (la|mi|su) cita|cambiar la cita|recordatorio|reembolso)\b/,
};

const READERS: Record<FeeLanguage, Reader> = { en: ENGLISH_READER, es: SPANISH_READER };

/** Four words or fewer ("3 hours?", "¿y el domingo?"): a question that leans on the one before it. */
export function isShortOrFollowUp(question: string, language: FeeLanguage): boolean {
  const words = question.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words.length <= 4 || READERS[language].followUp.test(READERS[language].plain(question));
}

/** What the conversation has said about fees so far: whether it is about them, and the kind and length named. */
type FeeTopic = { aboutFees: boolean; kind?: ServiceKind; minutes?: number };

type Reading = {
  topic: FeeTopic;
  priced?: { kinds: ServiceKind[]; minutes: number; kindNamed: boolean };
  /** "and troubleshooting?" after "How much is consulting per hour?": no length to work out, the kind's rates. */
  rates?: ServiceKind[];
};

/** One question, read with the fee topic of the questions before it. */
function readQuestion(question: string, before: FeeTopic, language: FeeLanguage): Reading {
  const reader = READERS[language];
  const text = reader.plain(question);
  const minutes = reader.minutesIn(text);
  const kinds = reader.kindsIn(text);
  const asksCost = reader.costWords.test(text);
  const leans = isShortOrFollowUp(question, language);
  const notAVisit = reader.notAVisit.test(text);
  const carriedKind = before.aboutFees ? before.kind : undefined;

  if (minutes !== undefined && !notAVisit) {
    // "How much is 2 hours of consulting?", "90 minutes of troubleshooting?", or, after a fee question, "and 3 hours?"
    if (asksCost || kinds.length > 0 || (before.aboutFees && (leans || reader.takes.test(text)))) {
      const chosen = kinds.length > 0 ? kinds : carriedKind ? [carriedKind] : [];
      return {
        topic: { aboutFees: true, kind: chosen.length === 1 ? chosen[0] : undefined, minutes },
        priced: { kinds: chosen.length > 0 ? chosen : ['troubleshooting'], minutes, kindNamed: chosen.length > 0 },
      };
    }
    return { topic: { aboutFees: false } };
  }
  // "and troubleshooting?" after a priced question: the earlier length, for this kind.
  if (minutes === undefined && kinds.length > 0 && before.aboutFees && before.minutes !== undefined && leans && !notAVisit) {
    return {
      topic: { aboutFees: true, kind: kinds.length === 1 ? kinds[0] : undefined, minutes: before.minutes },
      priced: { kinds, minutes: before.minutes, kindNamed: true },
    };
  }
  // "and troubleshooting?" after "How much is consulting per hour?": that kind's rates.
  if (minutes === undefined && kinds.length > 0 && before.aboutFees && leans && !notAVisit) {
    return { topic: { aboutFees: true, kind: kinds.length === 1 ? kinds[0] : undefined }, rates: kinds };
  }
  // "How much is consulting per hour?": nothing to work out, but what follows is about its fees.
  if (asksCost && !notAVisit) return { topic: { aboutFees: true, kind: kinds.length === 1 ? kinds[0] : carriedKind } };
  return { topic: { aboutFees: false } };
}

// ---- Wording the answer -------------------------------------------------------------------------------------------

function durationInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 0 ? '' : hours === 1 ? '1 hour' : `${hours} hours`;
  if (rest === 0) return hourText;
  if (hours === 0) return rest === 1 ? '1 minute' : `${rest} minutes`;
  if (rest === 30) return hours === 1 ? 'an hour and a half' : `${hours} and a half hours`;
  return `${hourText} ${rest} ${rest === 1 ? 'minute' : 'minutes'}`;
}

function durationInWordsEs(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 0 ? '' : hours === 1 ? '1 hora' : `${hours} horas`;
  if (rest === 0) return hourText;
  if (hours === 0) return rest === 1 ? '1 minuto' : `${rest} minutos`;
  if (rest === 30) return hours === 1 ? 'una hora y media' : `${hours} horas y media`;
  return `${hourText} y ${rest} ${rest === 1 ? 'minuto' : 'minutos'}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The bill's numbers for a visit: the first hour, the extra half-hours and their price, the total (whole dollars). */
function billOf(kind: ServiceKind, minutes: number) {
  const bill = appointmentBill(kind, minutes);
  const firstHour = (bill.lines[0]?.cents ?? 0) / 100;
  const extra = Number(bill.lines[1]?.values.count ?? 0);
  const total = bill.totalCents / 100;
  return { firstHour, extra, each: extra > 0 ? (total - firstHour) / extra : FEES[kind].incrementDollars, total };
}

/**
 * The one line of arithmetic, in English: "2 hours of troubleshooting: first hour $50, then 2 more half-hours at $25
 * each = $100." Its total is always appointmentBill's; a note on the 10 free minutes follows when they made a difference.
 */
export function feeLine(kind: ServiceKind, minutes: number): string {
  const { firstHour, extra, each, total } = billOf(kind, minutes);
  const subject = `${capitalised(durationInWords(minutes))} of ${FEES[kind].label.toLowerCase()}`;
  const pastFirstHour = minutes - FEES[kind].minimumMinutes;
  if (pastFirstHour < 0) return `${subject}: one hour is the minimum, so first hour $${firstHour} = $${total}.`;
  if (extra === 0) {
    return pastFirstHour === 0
      ? `${subject}: first hour $${firstHour} = $${total}.`
      : `${subject}: first hour $${firstHour}, and the ${pastFirstHour} ${pastFirstHour === 1 ? 'minute' : 'minutes'} past it are not charged (up to ${GRACE_MINUTES} minutes are free) = $${total}.`;
  }
  const line =
    extra === 1
      ? `${subject}: first hour $${firstHour}, then 1 more half-hour at $${each} = $${total}.`
      : `${subject}: first hour $${firstHour}, then ${extra} more half-hours at $${each} each = $${total}.`;
  return pastFirstHour % INCREMENT_MINUTES === 0
    ? line
    : `${line} Time up to ${GRACE_MINUTES} minutes past the hour or half-hour is not charged; more starts another half-hour.`;
}

/** feeLine in Spanish: "2 horas de consultoría: primera hora $100, luego 2 medias horas más a $50 cada una = $200." */
export function feeLineEs(kind: ServiceKind, minutes: number): string {
  const { firstHour, extra, each, total } = billOf(kind, minutes);
  const subject = `${capitalised(durationInWordsEs(minutes))} de ${SERVICE_KIND_ES[kind]}`;
  const pastFirstHour = minutes - FEES[kind].minimumMinutes;
  if (pastFirstHour < 0) return `${subject}: el mínimo es una hora, así que primera hora $${firstHour} = $${total}.`;
  if (extra === 0) {
    return pastFirstHour === 0
      ? `${subject}: primera hora $${firstHour} = $${total}.`
      : `${subject}: primera hora $${firstHour}, y ${pastFirstHour === 1 ? 'el minuto' : `los ${pastFirstHour} minutos`} de más no se ${pastFirstHour === 1 ? 'cobra' : 'cobran'} (hasta ${GRACE_MINUTES} minutos son gratis) = $${total}.`;
  }
  const line =
    extra === 1
      ? `${subject}: primera hora $${firstHour}, luego 1 media hora más a $${each} = $${total}.`
      : `${subject}: primera hora $${firstHour}, luego ${extra} medias horas más a $${each} cada una = $${total}.`;
  return pastFirstHour % INCREMENT_MINUTES === 0
    ? line
    : `${line} Hasta ${GRACE_MINUTES} minutos después de la hora o la media hora no se cobran; más que eso empieza otra media hora.`;
}

/** How the other kind of work is priced, and what the same time of it would cost (one English text, es.po's Spanish). */
function otherKindNote(other: ServiceKind, minutes: number, language: FeeLanguage): string {
  const fee = FEES[other];
  const what =
    other === 'consulting'
      ? said(english('Consulting (advice, planning, lessons)'))
      : said(english('Troubleshooting (fixing, setting up)'));
  return say(
    said(
      english('{what} is priced differently: {hour} for the first hour, then {step} per half-hour, so the same time would be {total}.'),
      {
        what,
        hour: `$${fee.hourlyDollars}`,
        step: `$${fee.incrementDollars}`,
        total: `$${billOf(other, minutes).total}`,
      },
    ),
    language,
  );
}

/** How a kind of work is charged, when no length of time is named: "Troubleshooting: $50 for the first hour (…)". */
export function rateLine(kind: ServiceKind, language: FeeLanguage): string {
  const fee = FEES[kind];
  return say(
    said(
      english(
        '{kind}: {hour} for the first hour (one hour is the minimum), then {step} per half-hour; time up to {grace} minutes past the hour or half-hour is not charged.',
      ),
      {
        kind: words(fee.label, capitalised(SERVICE_KIND_ES[kind])),
        hour: `$${fee.hourlyDollars}`,
        step: `$${fee.incrementDollars}`,
        grace: GRACE_MINUTES,
      },
    ),
    language,
  );
}

/**
 * The answer for `minutes` of `kind`: the line of arithmetic and, when `otherKindToo` (no kind was named), how the
 * other kind is priced.
 */
export function feeAnswer(kind: ServiceKind, minutes: number, otherKindToo: boolean, language: FeeLanguage = 'en'): string {
  const line = language === 'es' ? feeLineEs(kind, minutes) : feeLine(kind, minutes);
  if (!otherKindToo) return line;
  return `${line} ${otherKindNote(kind === 'troubleshooting' ? 'consulting' : 'troubleshooting', minutes, language)}`;
}

/** feeAnswer in Spanish. */
export function feeAnswerEs(kind: ServiceKind, minutes: number, otherKindToo: boolean): string {
  return feeAnswer(kind, minutes, otherKindToo, 'es');
}

/**
 * The answer to a fee question, worked out with the bill from the clock; undefined when `question` is not one.
 * `previousQuestions` are the customer's earlier questions in the conversation, oldest first (not the assistant's
 * answers); each is read in the language it is written in. The answer is in `language`.
 */
export function feeQuestionAnswer(question: string, previousQuestions: string[], language: FeeLanguage): string | undefined {
  let topic: FeeTopic = { aboutFees: false };
  for (const earlier of previousQuestions) topic = readQuestion(earlier, topic, detectLanguage(earlier) ?? language).topic;
  const { priced, rates } = readQuestion(question, topic, language);
  if (rates) return rates.map((kind) => rateLine(kind, language)).join(' ');
  if (!priced) return undefined;
  if (!priced.kindNamed) return feeAnswer('troubleshooting', priced.minutes, true, language);
  return priced.kinds.map((kind) => feeAnswer(kind, priced.minutes, false, language)).join(' ');
}
