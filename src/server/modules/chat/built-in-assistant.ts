import MiniSearch from 'minisearch';
import { SERVICE_CITIES } from '../../../shared/business.ts';
import type { ChatMessage } from '../../../shared/chat.ts';
import { english } from '../../../shared/english.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import type { ChatProvider } from './chat-provider.ts';
import { feeQuestionAnswer, isShortOrFollowUp, withoutAccents } from './fee-questions.ts';
import {
  buildKnowledge,
  declineAnswer,
  greetingAnswer,
  type KnowledgeEntry,
  listInWords,
  NEARBY_UNSERVED_PLACES,
  type SupportContact,
  supportLine,
  TOWNS,
  thanksAnswer,
} from './knowledge.ts';
import { buildKnowledgeEs } from './knowledge-es.ts';
import { chatLanguage } from './language.ts';
import { said, say, words } from './said.ts';
import { listInWordsEs } from './spanish-words.ts';

// The fee questions' pieces, where the test sets have always found them.
export { feeAnswer, feeAnswerEs, minutesIn, minutesInEs, withoutAccents } from './fee-questions.ts';

/**
 * The default assistant: no outside service, answers only from the knowledge base. Fees for a given length of
 * time, and follow-ups to them, are worked out by fee-questions.ts with the bill from the clock; places are looked
 * up in the city list, and everything else is retrieved with MiniSearch (BM25 ranking, fuzzy matching). Below a confidence
 * threshold it declines and offers the support phone and e-mail instead of guessing. It answers in the language
 * the customer writes in (language.ts): English, or Spanish: the same entries and answers, said from the Spanish
 * catalogue and retrieved by the Spanish questions of knowledge-es.ts, with the same fees, towns and times.
 */

const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on at by for with about from into as is are was were be been being am i im me my mine ' +
    'you your yours we us our they them their he she it its this that these those there here what which whom whose ' +
    'do does did doing done can could would should will shall may might must have has had having get got ' +
    'please hi hello hey thanks thank ok okay so just also too very really any some all one ' +
    'tell know want need like let lets techhelp help guys sir maam dear would how during up out way'
  ).split(' '),
);

/** A light, predictable normaliser: lower case, no possessives, common English endings folded. */
export function normaliseTerm(term: string): string | null {
  let word = term
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
  // Long numbers (error codes, zip codes, years) say nothing about the topic; places are read separately.
  if (word.length < 2 || STOP_WORDS.has(word) || /^\d{3,}$/.test(word)) return null;
  if (word.length > 4 && word.endsWith('ies')) word = `${word.slice(0, -3)}y`;
  else if (word.length > 5 && word.endsWith('ing')) word = word.slice(0, -3);
  else if (word.length > 4 && word.endsWith('ed')) word = word.slice(0, -2);
  else if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
  return word;
}

/**
 * Everyday words that say nothing about what we do: when (time, day, year, Sunday), where (house, home), how many,
 * and doing in general (make, fix, go). They are real words of our answers, so they still find entries and count in
 * the coverage, but a question about something else uses them too ("How do I make lasagna?", "Can you fix my
 * roof?", "What time is the game on Sunday?"). So an entry is trusted only when it also matches a word of the
 * question that is not one of them (a printer, an appointment, a visit, to come), or, for a question made of them
 * alone ("What time?", "Sunday?"), when it matches every one of its words: "¿Qué tiempo va a hacer el domingo?"
 * asks the weather, and no entry matches all of it.
 */
const GENERIC_WORDS =
  'make made making time times day days week weeks weekend weekends month months year years old age ' +
  'saturday saturdays sunday sundays home house houses fix fixes fixed fixing repair go going thing things';

/** Below this score a retrieval result is not trusted; tuned on the assistant's test set. */
const MIN_SCORE = 6;

const MAX_QUERY_WORDS = 60;

/** Share of the question's meaningful words the best entry must match; tuned on the same set. */
const MIN_COVERAGE = 0.4;

/**
 * An entry found, its score, the share of the question's words it matches, and whether those words tell what the
 * question is about: one of them is not generic, or the question has no other words and the entry matches them all.
 */
type Retrieved = { entry: KnowledgeEntry; score: number; coverage: number; telling: boolean };

const CLOCK_TIME = /\b\d{1,2}(:\d{2})?\s*(am|pm|a\.m\.|p\.m\.|o['’]?clock)(?=\W|$)/i;
const WEEKDAYS = /\b(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|weekdays?|weeknights?)\b/i;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type PlaceMention = { served: { name: string; town: string }[]; unserved: string[]; rest: string };

const SERVED_NAMES = [...SERVICE_CITIES].sort((a, b) => b.name.length - a.name.length);
const UNSERVED_NAMES = [...NEARBY_UNSERVED_PLACES].sort((a, b) => b.length - a.length);

/** The served cities (by name or zip) and the known unserved places a question names; longest names first. */
export function placesIn(text: string): PlaceMention {
  let rest = text.replace(/\bst\.?\s+james\b/gi, 'Saint James').replace(/\bbayshore\b/gi, 'Bay Shore');
  const served: { name: string; town: string }[] = [];
  const unserved: string[] = [];
  for (const city of SERVED_NAMES) {
    const pattern = new RegExp(`\\b${escapeRegExp(city.name)}\\b`, 'i');
    if (pattern.test(rest)) {
      served.push({ name: city.name, town: city.town });
      rest = rest.replace(pattern, ' ');
    }
  }
  for (const match of rest.matchAll(/\b(\d{5})\b/g)) {
    for (const city of SERVICE_CITIES.filter((entry) => entry.zip === match[1])) {
      if (!served.some((entry) => entry.name === city.name)) served.push({ name: city.name, town: city.town });
    }
  }
  for (const place of UNSERVED_NAMES) {
    const pattern = new RegExp(`\\b${escapeRegExp(place)}\\b`, 'i');
    if (pattern.test(rest)) {
      unserved.push(place);
      rest = rest.replace(pattern, ' ');
    }
  }
  // Another five-digit number is a zip code only when the question says so or it is a Long Island one (11xxx);
  // "event ID 10016" is not a place.
  const saysZip = /\bzip\b|c[oó]digo postal/i.test(text);
  const unknownZip = [...rest.matchAll(/\b(\d{5})\b/g)]
    .map((match) => match[1] ?? '')
    .filter((zip) => (saysZip || zip.startsWith('11')) && !SERVICE_CITIES.some((city) => city.zip === zip));
  unserved.push(...unknownZip.map((zip) => `zip code ${zip}`));
  return { served, unserved, rest };
}

/**
 * The answer about the places a question names, in `locale`: one English text per case, its Spanish from the
 * catalogue, as the knowledge's answers (knowledge.ts).
 */
function placeAnswer(mention: PlaceMention, support: SupportContact, locale: Locale): string {
  const parts: string[] = [];
  if (mention.served.length > 0) {
    const names = mention.served.map((city) => `${city.name} (${city.town})`);
    parts.push(
      say(
        said(english('Yes, we come to {places}, for visits in person or remote.'), {
          places: words(listInWords(names), listInWordsEs(names)),
        }),
        locale,
      ),
    );
  }
  if (mention.unserved.length > 0) {
    const places = words(
      listInWords(mention.unserved),
      listInWordsEs(mention.unserved.map((place) => place.replace(/^zip code (\d{5})$/, 'el código postal $1'))),
    );
    parts.push(
      say(
        said(
          english(
            'Sorry, {places} {count, plural, one {is} other {are}} outside our service area: we visit only {towns}. We may still be able to help you by remote support; please {supportLine} to ask.',
          ),
          { places, count: mention.unserved.length, towns: TOWNS, supportLine: supportLine(support, locale) },
        ),
        locale,
      ),
    );
  }
  return parts.join(' ');
}

/** What one language needs: how its questions are read, and how its answers are worded. */
type Tongue = {
  /** The form the patterns below read: the question as is, or without accents for Spanish. */
  plain: (text: string) => string;
  normaliseTerm: (term: string) => string | null;
  /** The generic words (GENERIC_WORDS), as normaliseTerm leaves them. */
  generic: Set<string>;
  minScore: number;
  minCoverage: number;
  clockTime: RegExp;
  weekdays: RegExp;
  soon: RegExp;
  placeAnswer: (mention: PlaceMention, support: SupportContact) => string;
  decline: (support: SupportContact) => string;
  buildKnowledge: (support: SupportContact, rules: BookingRules) => KnowledgeEntry[];
  /** A question that plainly asks a price ("¿cuánto cobran por…?"): the fees, rather than "I don't know". */
  asksPrice?: RegExp;
  /** Greetings and thanks ("good morning", "buenos días", "gracias"), taken out before the question is read. */
  greetings: RegExp;
  thanks: RegExp;
  /** Words that, with greetings or thanks, still make a message nothing but a pleasantry ("ok, thanks so much"). */
  filler: RegExp;
  greet: () => string;
  welcome: (support: SupportContact) => string;
};

/**
 * A message without its greetings and thanks, and what it was if nothing else is left: "good morning" asks nothing
 * about mornings, and "Hola, buenos días, ¿cuánto cobran?" asks only the price.
 */
function withoutPleasantries(tongue: Tongue, text: string): { rest: string; only?: 'greeting' | 'thanks' } {
  // search(), not test(): these are global expressions, and test() would carry its position into the next message.
  const thanked = text.search(tongue.thanks) !== -1;
  const greeted = text.search(tongue.greetings) !== -1;
  const rest = text.replace(tongue.thanks, ' ').replace(tongue.greetings, ' ');
  if ((thanked || greeted) && !/[\p{L}\p{N}]/u.test(rest.replace(tongue.filler, ' ')))
    return { rest, only: thanked ? 'thanks' : 'greeting' };
  return { rest };
}

/** One knowledge base, built for one set of booking rules, and its search index. */
class KnowledgeIndex {
  readonly entries: Map<string, KnowledgeEntry>;
  private readonly index: MiniSearch<KnowledgeEntry>;

  constructor(
    knowledge: KnowledgeEntry[],
    private readonly tongue: Tongue,
  ) {
    this.entries = new Map(knowledge.map((entry) => [entry.id, entry]));
    this.index = new MiniSearch<KnowledgeEntry>({
      idField: 'id',
      fields: ['questions', 'keywords', 'answer'],
      extractField: (entry, field) => {
        const value = entry[field as keyof KnowledgeEntry];
        return Array.isArray(value) ? value.join(' ') : String(value);
      },
      processTerm: tongue.normaliseTerm,
      searchOptions: {
        boost: { questions: 2, keywords: 1.5, answer: 0.4 },
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
        combineWith: 'OR',
      },
    });
    this.index.addAll(knowledge);
  }

  retrieve(fullQuestion: string): Retrieved[] {
    // A question of 2,000 characters would cost a search of every one of its words; its first words decide.
    const question = fullQuestion.split(/\s+/).slice(0, MAX_QUERY_WORDS).join(' ');
    const terms = new Set<string>(
      MiniSearch.getDefault('tokenize')(question).flatMap((token: string) => this.tongue.normaliseTerm(token) ?? []),
    );
    const onlyGeneric = [...terms].every((term) => this.tongue.generic.has(term));
    return this.index.search(question).flatMap((result) => {
      const entry = this.entries.get(String(result.id));
      const matched = new Set(result.queryTerms);
      const telling = onlyGeneric ? matched.size === terms.size : [...matched].some((term) => !this.tongue.generic.has(term));
      return entry ? [{ entry, score: result.score, coverage: terms.size === 0 ? 0 : matched.size / terms.size, telling }] : [];
    });
  }

  confident(question: string): KnowledgeEntry | undefined {
    const [best] = this.retrieve(question);
    return best && best.score >= this.tongue.minScore && best.coverage >= this.tongue.minCoverage && best.telling ? best.entry : undefined;
  }
}

/** "Tomorrow", "today", "short notice": a question about how soon a visit can be, which the minimum notice answers. */
const SOON = /\b(today|tonight|tomorrow|same[- ]day|short notice|asap|right away|right now)\b/i;

/** Words as a normaliser leaves them, stop words left out. */
function termsOf(words: string, normalise: (term: string) => string | null): Set<string> {
  return new Set(words.split(' ').flatMap((word) => normalise(word) ?? []));
}

const ENGLISH: Tongue = {
  plain: (text) => text,
  normaliseTerm,
  generic: termsOf(GENERIC_WORDS, normaliseTerm),
  minScore: MIN_SCORE,
  minCoverage: MIN_COVERAGE,
  clockTime: CLOCK_TIME,
  weekdays: WEEKDAYS,
  soon: SOON,
  placeAnswer: (mention, support) => placeAnswer(mention, support, 'en'),
  decline: (support) => declineAnswer(support, 'en'),
  buildKnowledge,
  greetings: /\b(?:hi|hello|hey|hiya|howdy|greetings|good\s+(?:morning|afternoon|evening|day))\b(?:\s+there\b)?/gi,
  thanks: /\b(?:many\s+thanks|thanks|thank\s+you|thx)\b(?:\s+(?:so|very)\s+much\b|\s+a\s+lot\b)?/gi,
  filler: /\b(?:ok|okay|great|perfect|techhelp|all|everyone|again)\b/gi,
  greet: () => greetingAnswer('en'),
  welcome: (support) => thanksAnswer(support, 'en'),
};

// ---- Spanish ----------------------------------------------------------------------------------------------------

const STOP_WORDS_ES = new Set(
  (
    'a al ante con contra de del desde en entre hacia hasta para por segun sin sobre tras el la los las lo un una unos unas ' +
    'y o u e ni que como cual cuales mi mis tu tus su sus nuestro nuestra usted ustedes yo me te se le les nos ' +
    'este esta estos estas ese esa eso esto aquel hay es son ser soy sea fue era estar estoy estan esta puedo puede pueden poder ' +
    'podria podrian podrias quiero quiere quisiera necesito necesita tengo tiene tienen tener hacer hace hacen si no muy mas ' +
    'tambien ya pero porque pues hola gracias buenas buenos favor senor senora oiga disculpe techhelp ayuda ayudar ayudarme alguien ' +
    'algo algun alguna todo toda todos bien ok okay vale ahi aqui eh oye mire saber sabe decir dicen digame gustaria tardes noches ' +
    'the is are do does can you your my i of to for and how what'
  ).split(' '),
);

/** GENERIC_WORDS in Spanish: "tiempo", "años", "casa", "arreglar", "ir" ("va a hacer"), and "cuánto", which asks any amount. */
const GENERIC_WORDS_ES =
  'tiempo tiempos dia dias semana semanas fin mes meses ano anos edad viejo sabado sabados domingo domingos ' +
  'casa casas hogar arreglar arreglan arregla arreglen arreglo arreglos arreglando ir va van vas voy vamos ' +
  'cosa cosas cuanto cuanta cuantos cuantas';

/** A light normaliser for Spanish: no accents, Spanish plurals and common verb and vowel endings folded. */
export function normaliseTermEs(term: string): string | null {
  let word = withoutAccents(term).replace(/['’]/g, '');
  if (word.length < 2 || STOP_WORDS_ES.has(word) || /^\d{3,}$/.test(word)) return null;
  if (word.length > 4 && word.endsWith('ces')) word = `${word.slice(0, -3)}z`;
  else if (word.length > 4 && /[dlnrjz]es$/.test(word)) word = word.slice(0, -2);
  else if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
  if (word.length >= 7 && /(ando|iendo|ado|ada|ido|ida)$/.test(word)) word = word.replace(/(ando|iendo|ado|ada|ido|ida)$/, '');
  else if (word.length >= 5 && /(ar|er|ir)$/.test(word)) word = word.slice(0, -2);
  else if (word.length >= 4 && /[aeo]$/.test(word)) word = word.slice(0, -1);
  return word;
}

const SPANISH: Tongue = {
  plain: withoutAccents,
  normaliseTerm: normaliseTermEs,
  generic: termsOf(GENERIC_WORDS_ES, normaliseTermEs),
  minScore: 10,
  minCoverage: 0.4,
  clockTime:
    /\b\d{1,2}(:\d{2})?\s*(am|pm|a\.\s?m\.?|p\.\s?m\.?)(?=\W|$)|\b(a|para|como a) las? \d{1,2}(:\d{2})?\b|\b\d{1,2}(:\d{2})? de la (manana|tarde|noche)\b/,
  weekdays: /\b(lunes|martes|miercoles|jueves|viernes|entre semana|dias? de (la )?semana|dias? laborables?|dias? habiles?)\b/,
  soon: /\b(hoy|esta noche|mismo dia|pasado manana|ahora mismo|ya mismo|cuanto antes|lo antes posible|lo mas pronto|de inmediato|enseguida)\b|(?<!\b(la|las|de) )\bmanana\b/,
  placeAnswer: (mention, support) => placeAnswer(mention, support, 'es'),
  decline: (support) => declineAnswer(support, 'es'),
  greetings: /\b(?:hola|saludos|buen[oa]s\s+(?:d[ií]as|tardes|noches)|buen\s+d[ií]a|qu[eé]\s+tal)(?![\p{L}])/giu,
  thanks: /\b(?:muchas\s+gracias|mil\s+gracias|gracias|muy\s+amable)(?![\p{L}])/giu,
  filler: /\b(?:ok|vale|perfecto|bien|muy|techhelp|se[nñ]ora?|a\s+todos)(?![\p{L}])/giu,
  greet: () => greetingAnswer('es'),
  welcome: (support) => thanksAnswer(support, 'es'),
  buildKnowledge: buildKnowledgeEs,
  asksPrice:
    /\bcuanto (me |les |nos )?(cobran|cobra|cobrarian|cobraria|cuesta|cuestan|costaria|sale|saldria|seria)\b|\b(precio|precios|tarifa|tarifas)\b/,
};

const TONGUES: Record<Locale, Tongue> = { en: ENGLISH, es: SPANISH };

export class BuiltInAssistant implements ChatProvider {
  readonly model = 'techhelp-built-in';
  /** Per language, the index for the rules last asked with; the owner changes the rules rarely, so one is kept. */
  private readonly built = new Map<Locale, { key: string; knowledge: KnowledgeIndex }>();

  constructor(private readonly support: SupportContact) {}

  async complete(messages: ChatMessage[], _signal: AbortSignal, rules: BookingRules, language?: Locale): Promise<string> {
    return this.answer(messages, rules, language);
  }

  /** The knowledge for these rules: rebuilt only when the owner's rules differ from the last question's. */
  private knowledgeFor(rules: BookingRules, language: Locale): KnowledgeIndex {
    const key = `${rules.minNoticeHours}/${rules.cutoffHours}`;
    const built = this.built.get(language);
    if (built?.key === key) return built.knowledge;
    const tongue = TONGUES[language];
    const knowledge = new KnowledgeIndex(tongue.buildKnowledge(this.support, rules), tongue);
    this.built.set(language, { key, knowledge });
    return knowledge;
  }

  /** Retrieval alone, for the test set's diagnostics: the best entries and their scores. */
  retrieve(question: string, rules: BookingRules, language: Locale = 'en'): Retrieved[] {
    return this.knowledgeFor(rules, language).retrieve(question);
  }

  /**
   * The answer to the last question, in the language it is written in (or, when it does not tell, the
   * conversation's, then `language`, the page's).
   */
  answer(messages: ChatMessage[], rules: BookingRules, language?: Locale): string {
    const locale = chatLanguage(messages, language);
    const tongue = TONGUES[locale];
    const knowledge = this.knowledgeFor(rules, locale);
    const userMessages = messages.filter((message) => message.role === 'user').map((message) => message.content);
    const pleasantries = withoutPleasantries(tongue, userMessages.at(-1) ?? '');
    if (pleasantries.only === 'greeting') return tongue.greet();
    if (pleasantries.only === 'thanks') return tongue.welcome(this.support);
    const question = pleasantries.rest;
    const previous = userMessages.at(-2);
    const plainQuestion = tongue.plain(question);

    // A length of time with a cost word or a kind of work, or a follow-up to one: the bill's arithmetic.
    const fee = feeQuestionAnswer(question, userMessages.slice(0, -1), locale);
    if (fee) return fee;

    // A weekday is never bookable, and a clock time gets the start times we offer, so no other day or time is
    // ever confirmed, whatever else the question mentions (a town included). "Tomorrow at 9am" also gets the
    // minimum notice.
    const slotAnswer = tongue.weekdays.test(plainQuestion)
      ? knowledge.entries.get('booking-days')
      : tongue.clockTime.test(plainQuestion)
        ? knowledge.entries.get('booking-times')
        : undefined;
    const notice = tongue.soon.test(plainQuestion) ? knowledge.entries.get('notice') : undefined;
    const when = slotAnswer && notice ? { ...slotAnswer, answer: `${slotAnswer.answer} ${notice.answer}` } : slotAnswer;

    const places = placesIn(question);
    if (places.served.length > 0 || places.unserved.length > 0) {
      const placeText = tongue.placeAnswer(places, this.support);
      if (places.unserved.length > 0) return placeText;
      const about = when ?? knowledge.confident(places.rest);
      return about && about.id !== 'service-area' ? `${placeText} ${about.answer}` : placeText;
    }
    if (when) return when.answer;

    const found = knowledge.confident(question);
    if (found) return found.answer;
    // A short follow-up ("and on Sunday?", "¿y el domingo?", "¿qué tal el domingo?") that says too little alone is
    // read with the question before it.
    if (previous && (isShortOrFollowUp(userMessages.at(-1) ?? '', locale) || isShortOrFollowUp(question, locale))) {
      const withContext = knowledge.confident(`${previous} ${question}`);
      if (withContext) return withContext.answer;
    }
    if (tongue.asksPrice?.test(plainQuestion)) {
      const fees = knowledge.entries.get('fees');
      if (fees) return fees.answer;
    }
    return tongue.decline(this.support);
  }
}
