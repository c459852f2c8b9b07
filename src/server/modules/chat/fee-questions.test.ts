import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appointmentBill } from '../../../shared/billing.ts';
import type { ServiceKind } from '../../../shared/business.ts';
import type { ChatMessage } from '../../../shared/chat.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { BuiltInAssistant } from './built-in-assistant.ts';
import { factProblems } from './fact-check.ts';
import { feeQuestionAnswer, minutesIn, minutesInEs, withoutAccents } from './fee-questions.ts';

/**
 * Fees worked out (issue 41): a question with a length of time and a cost word or a kind of work gets the amount the
 * bill from the clock (appointmentBill) would charge, with its arithmetic in one line, in English and in Spanish, and a
 * follow-up ("and for two hours?", "¿y una hora y media?", "and troubleshooting?") is read with the earlier turns.
 * Each case goes through feeQuestionAnswer itself (what can stand in front of any model) and through the built-in
 * assistant.
 */

const support = { phone: '(631) 555-0142', email: 'support@techhelp.test' };
const RULES: BookingRules = { minNoticeHours: 12, cutoffHours: 24 };
const assistant = new BuiltInAssistant(support);

/** Fixed, so that a run passes or fails the same every time. */
const SEED = 20261129;

type Language = 'en' | 'es';

/** A conversation's earlier turns: each earlier question with an assistant turn after it, as the browser sends them. */
function history(...questions: string[]): ChatMessage[] {
  return questions.flatMap((content): ChatMessage[] => [
    { role: 'user', content },
    { role: 'assistant', content: '…' },
  ]);
}

const questionsOf = (messages: ChatMessage[]) => messages.filter((message) => message.role === 'user').map((message) => message.content);

/** What the bill from the clock charges, in whole dollars. */
const billed = (kind: ServiceKind, minutes: number) => appointmentBill(kind, minutes).totalCents / 100;

/** The answer's last dollar amount: the total, when the question named a kind of work. */
const lastAmount = (answer: string | undefined) =>
  Number(
    answer
      ?.match(/\$(\d+)/g)
      ?.at(-1)
      ?.slice(1),
  );

function bothWays(question: string, earlier: ChatMessage[], language: Language) {
  return {
    module: feeQuestionAnswer(question, questionsOf(earlier), language),
    assistant: assistant.answer([...earlier, { role: 'user', content: question }], RULES),
  };
}

type FeeCase = {
  question: string;
  earlier: ChatMessage[];
  language: Language;
  /** The amount the answer must state as its total. */
  amount: number;
  /** Other words the answer must contain. */
  says?: string[];
  /** Amounts the answer must not contain. */
  never?: string[];
};

/** Fee questions and follow-ups in customers' words, with their earlier turns and the total each answer must give. */
const FEE_CASES: FeeCase[] = [
  // English, one question
  { question: 'How much is a 2-hour visit?', earlier: [], language: 'en', amount: 100, says: ['troubleshooting', 'consulting', '$200'] },
  { question: 'How much for 2hrs of troubleshooting?', earlier: [], language: 'en', amount: 100, never: ['$200'] },
  { question: 'What does two hours of consulting cost?', earlier: [], language: 'en', amount: 200, never: ['$100 ='] },
  { question: 'Price for an hour and a half of repair work?', earlier: [], language: 'en', amount: 75 },
  { question: 'How much is 1.5 hours of advice?', earlier: [], language: 'en', amount: 150 },
  { question: 'What would 1 1/2 hours of setup cost?', earlier: [], language: 'en', amount: 75 },
  { question: 'How much for 90 minutes of training?', earlier: [], language: 'en', amount: 150 },
  { question: 'What do you charge for 45 minutes of fixing my email?', earlier: [], language: 'en', amount: 50, says: ['minimum'] },
  { question: 'How much is half an hour of consulting?', earlier: [], language: 'en', amount: 100, says: ['minimum'] },
  { question: 'What does an hour of computer lessons cost?', earlier: [], language: 'en', amount: 100 },
  { question: 'How much for an hour and 15 minutes of troubleshooting?', earlier: [], language: 'en', amount: 75 },
  { question: "What's the price of hour and 15 minutes of advice?", earlier: [], language: 'en', amount: 150 },
  { question: 'Would it cost more if the job runs 1 hour 5 minutes?', earlier: [], language: 'en', amount: 50 },
  { question: 'how much would 3 hours of fixing cost', earlier: [], language: 'en', amount: 150 },
  // English follow-ups
  { question: 'and for two hours?', earlier: history('How much is consulting per hour?'), language: 'en', amount: 200 },
  { question: 'what about 3 hours?', earlier: history('How much is consulting per hour?'), language: 'en', amount: 300 },
  {
    question: 'what about 3 hours?',
    earlier: history('How much is consulting per hour?', 'and for two hours?'),
    language: 'en',
    amount: 300,
  },
  {
    question: 'and troubleshooting?',
    earlier: history('How much is consulting per hour?', 'and for two hours?'),
    language: 'en',
    amount: 100,
    never: ['$200'],
  },
  { question: 'how about consulting?', earlier: history('How much is 2 hours of troubleshooting?'), language: 'en', amount: 200 },
  { question: 'And 3 hours?', earlier: history('What would 90 minutes of troubleshooting cost?'), language: 'en', amount: 150 },
  { question: 'also 45 minutes?', earlier: history('How much for 2 hours of consulting?'), language: 'en', amount: 100 },
  {
    question: 'and 2 and a half hours?',
    earlier: history('How much for an hour of help to set up my printer?'),
    language: 'en',
    amount: 125,
  },
  { question: 'What if it takes 4 hours?', earlier: history('How much is an hour of advice?'), language: 'en', amount: 400 },
  // Spanish, one question
  { question: '¿Cuánto cuestan dos horas de reparación?', earlier: [], language: 'es', amount: 100 },
  { question: '¿cuánto cobran por hora y media de consultoría?', earlier: [], language: 'es', amount: 150 },
  { question: '¿Cuánto sale una hora y media de arreglo?', earlier: [], language: 'es', amount: 75 },
  { question: '¿Precio de 45 minutos de asesoría?', earlier: [], language: 'es', amount: 100, says: ['mínimo'] },
  { question: '¿Cuánto cuesta media hora de instalación?', earlier: [], language: 'es', amount: 50, says: ['mínimo'] },
  { question: '¿Cuánto cuestan 90 min de clases?', earlier: [], language: 'es', amount: 150 },
  { question: '¿Cuánto me cobran por 2 horas?', earlier: [], language: 'es', amount: 100, says: ['asesoría', '$200'] },
  { question: '¿Cuánto cuesta una hora y 15 minutos de reparación?', earlier: [], language: 'es', amount: 75 },
  // Spanish follow-ups
  { question: 'y por dos horas?', earlier: history('¿Cuánto cuesta la consultoría por hora?'), language: 'es', amount: 200 },
  { question: '¿y una hora y media?', earlier: history('¿Cuánto cuesta la consultoría por hora?'), language: 'es', amount: 150 },
  { question: '¿y la reparación?', earlier: history('¿Cuánto cuestan 2 horas de consultoría?'), language: 'es', amount: 100 },
  { question: '¿qué tal 3 horas?', earlier: history('¿Cuánto cuestan 2 horas de reparación?'), language: 'es', amount: 150 },
  { question: '¿y 45 minutos?', earlier: history('¿Cuánto cuesta una hora de asesoría?'), language: 'es', amount: 100 },
  { question: 'y para hora y media?', earlier: history('¿Cuánto cobran por una hora de consultoría?'), language: 'es', amount: 150 },
  {
    question: '¿y la consultoría?',
    earlier: history('¿Cuánto cuesta la consultoría por hora?', 'y por dos horas?', '¿y la reparación?'),
    language: 'es',
    amount: 200,
  },
];

describe('lengths of time, the ways customers write them', () => {
  it.each([
    ['2 hours', 120],
    ['a 2-hour visit', 120],
    ['2hrs', 120],
    ['two hours', 120],
    ['an hour and a half', 90],
    ['hour-and-a-half', 90],
    ['1.5 hours', 90],
    ['1 1/2 hours', 90],
    ['90 minutes', 90],
    ['a 90-minute lesson', 90],
    ['45 minutes', 45],
    ['half an hour', 30],
    ['an hour', 60],
    ['hour and 15 minutes', 75],
    ['an hour and fifteen minutes', 75],
    ['2 hours and 45 minutes', 165],
  ])('English: %s is %i minutes', (text, minutes) => {
    expect(minutesIn(text)).toBe(minutes);
  });

  it.each([
    ['dos horas', 120],
    ['hora y media', 90],
    ['una hora y media', 90],
    ['45 minutos', 45],
    ['media hora', 30],
    ['90 min', 90],
    ['una hora y 15 minutos', 75],
    ['hora y 15 minutos', 75],
    ['dos horas y media', 150],
  ])('Spanish: %s is %i minutes', (text, minutes) => {
    expect(minutesInEs(withoutAccents(text))).toBe(minutes);
  });

  it('names no length for a range, two lengths or a clock time', () => {
    expect(minutesIn('1-2 hours')).toBeUndefined();
    expect(minutesIn('2 hours? more than 90 minutes?')).toBeUndefined();
    expect(minutesIn('at 10:30')).toBeUndefined();
    expect(minutesInEs('a las 10:30')).toBeUndefined();
  });
});

describe('fee questions are priced by the bill from the clock, with the arithmetic in one line', () => {
  it('has a table of at least 30 fee questions and follow-ups, in English and Spanish', () => {
    expect(FEE_CASES.length).toBeGreaterThanOrEqual(30);
    expect(FEE_CASES.some((entry) => entry.language === 'es' && entry.earlier.length > 0)).toBe(true);
  });

  it.each(FEE_CASES)('$question ($language, after $earlier.length turns)', ({ question, earlier, language, amount, says, never }) => {
    const answers = bothWays(question, earlier, language);
    for (const [path, answer] of Object.entries(answers)) {
      const label = `${path}: ${answer}`;
      expect(answer, label).toBeDefined();
      const text = answer ?? '';
      expect(text, label).toContain(`= $${amount}.`);
      for (const expected of says ?? []) expect(text.toLowerCase(), label).toContain(expected.toLowerCase());
      for (const forbidden of never ?? []) expect(text, label).not.toContain(forbidden);
      expect(factProblems(text), label).toEqual([]);
      // One line of arithmetic: a single "=".
      expect(text.split('=').length, label).toBe(2);
    }
    expect(answers.module).toBe(answers.assistant);
  });

  it('answers in the language asked, with the same arithmetic', () => {
    expect(feeQuestionAnswer('How much is 2 hours of consulting?', [], 'en')).toBe(
      '2 hours of consulting: first hour $100, then 2 more half-hours at $50 each = $200.',
    );
    expect(feeQuestionAnswer('¿Cuánto cuestan 2 horas de consultoría?', [], 'es')).toBe(
      '2 horas de asesoría: primera hora $100, luego 2 medias horas más a $50 cada una = $200.',
    );
  });

  it('gives the rates of the kind a follow-up names when no length was named before', () => {
    expect(feeQuestionAnswer('and troubleshooting?', ['How much is consulting per hour?'], 'en')).toBe(
      'Troubleshooting: $50 for the first hour (one hour is the minimum), then $25 per half-hour; time up to 10 minutes past the hour or half-hour is not charged.',
    );
    expect(feeQuestionAnswer('¿y la reparación?', ['¿Cuánto cuesta la consultoría por hora?'], 'es')).toBe(
      'Solución de problemas: $50 la primera hora (el mínimo es una hora) y luego $25 por cada media hora; hasta 10 minutos después de la hora o la media hora no se cobran.',
    );
  });

  it('prices both kinds when a question names both, and says how the other is priced when it names neither', () => {
    expect(feeQuestionAnswer('How much is 2 hours of troubleshooting or consulting?', [], 'en')).toBe(
      '2 hours of troubleshooting: first hour $50, then 2 more half-hours at $25 each = $100. 2 hours of consulting: first hour $100, then 2 more half-hours at $50 each = $200.',
    );
    expect(feeQuestionAnswer('How much is a 2-hour visit?', [], 'en')).toBe(
      '2 hours of troubleshooting: first hour $50, then 2 more half-hours at $25 each = $100. Consulting (advice, planning, lessons) is priced differently: $100 for the first hour, then $50 per half-hour, so the same time would be $200.',
    );
    expect(feeQuestionAnswer('¿Cuánto me cobran por 2 horas?', [], 'es')).toBe(
      '2 horas de solución de problemas: primera hora $50, luego 2 medias horas más a $25 cada una = $100. Asesoría (consejos, planificación, clases) se cobra de otra manera: $100 la primera hora y luego $50 por cada media hora; el mismo tiempo costaría $200.',
    );
  });

  it('explains the minimum and the 10 free minutes where they count', () => {
    expect(feeQuestionAnswer('How much is 20 minutes of troubleshooting?', [], 'en')).toBe(
      '20 minutes of troubleshooting: one hour is the minimum, so first hour $50 = $50.',
    );
    expect(feeQuestionAnswer('How much is 1 hour 10 minutes of consulting?', [], 'en')).toBe(
      '1 hour 10 minutes of consulting: first hour $100, and the 10 minutes past it are not charged (up to 10 minutes are free) = $100.',
    );
    expect(feeQuestionAnswer('How much is 1 hour 11 minutes of consulting?', [], 'en')).toBe(
      '1 hour 11 minutes of consulting: first hour $100, then 1 more half-hour at $50 = $150. Time up to 10 minutes past the hour or half-hour is not charged; more starts another half-hour.',
    );
    expect(feeQuestionAnswer('¿Cuánto cuesta una hora y 5 minutos de reparación?', [], 'es')).toBe(
      '1 hora y 5 minutos de solución de problemas: primera hora $50, y los 5 minutos de más no se cobran (hasta 10 minutos son gratis) = $50.',
    );
  });

  it('names no price for what is not a fee question', () => {
    for (const [question, earlier, language] of [
      ['Can you come for 2 hours on Saturday?', [], 'en'],
      ['How do I make a good password?', [], 'en'],
      ['My zip is 11706, how much do you charge?', [], 'en'],
      ['What do you charge per hour?', [], 'en'],
      ['Is there a fee to cancel within 24 hours?', [], 'en'],
      ['and on Sunday?', ['How much is 2 hours of troubleshooting?'], 'en'],
      ['How much for 2 hours? Is that more than 90 minutes?', [], 'en'],
      ['¿Pueden venir 2 horas el sábado?', [], 'es'],
      ['¿Cuánto cobran la hora?', [], 'es'],
      ['¿y el domingo?', ['¿Cuánto cuestan 2 horas de reparación?'], 'es'],
      ['and for two hours?', ['Do you come to Sayville?'], 'en'],
    ] as const) {
      expect(feeQuestionAnswer(question, [...earlier], language), question).toBeUndefined();
    }
  });
});

/** Every way a test below writes `minutes`: as minutes, and as hours when it is a whole or half hour. */
function lengthsInWords(minutes: number, language: Language): string[] {
  const hours = minutes / 60;
  const unit = language === 'en' ? ['minute', 'minutes', 'hour', 'hours'] : ['minuto', 'minutos', 'hora', 'horas'];
  const written = [`${minutes} ${minutes === 1 ? unit[0] : unit[1]}`];
  if (minutes % 30 === 0) {
    written.push(`${hours} ${hours === 1 ? unit[2] : unit[3]}`);
    if (minutes === 30) written.push(language === 'en' ? 'half an hour' : 'media hora');
    if (minutes % 60 === 30 && minutes > 30) {
      const whole = Math.floor(hours);
      written.push(language === 'en' ? `${whole} and a half hours` : `${whole} ${whole === 1 ? 'hora' : 'horas'} y media`);
    }
  }
  return written;
}

const KIND_WORDS: Record<Language, Record<ServiceKind, string[]>> = {
  en: { troubleshooting: ['troubleshooting', 'repair', 'fixing', 'setup'], consulting: ['consulting', 'advice', 'training', 'lessons'] },
  es: { troubleshooting: ['reparación', 'arreglos', 'instalación'], consulting: ['consultoría', 'asesoría', 'clases'] },
};

const TEMPLATES: Record<Language, ((length: string, kind: string) => string)[]> = {
  en: [
    (length, kind) => `How much is ${length} of ${kind}?`,
    (length, kind) => `what would ${length} of ${kind} cost`,
    (length, kind) => `Price for ${kind}, ${length}?`,
  ],
  es: [
    (length, kind) => `¿Cuánto cuesta ${length} de ${kind}?`,
    (length, kind) => `cuanto cobran por ${length} de ${kind}`,
    (length, kind) => `¿Precio de ${kind} por ${length}?`,
  ],
};

describe('every length of time from 1 to 300 minutes is priced as the bill would be', () => {
  const LANGUAGES: Language[] = ['en', 'es'];
  const KINDS: ServiceKind[] = ['troubleshooting', 'consulting'];

  it('for each minute, each kind and each language, written as minutes and (whole or half hours) as hours', () => {
    for (let minutes = 1; minutes <= 300; minutes += 1) {
      for (const language of LANGUAGES) {
        for (const kind of KINDS) {
          const kindWord = KIND_WORDS[language][kind][0] ?? kind;
          for (const length of lengthsInWords(minutes, language)) {
            const question = TEMPLATES[language][0]?.(length, kindWord) ?? '';
            const answer = feeQuestionAnswer(question, [], language);
            expect(lastAmount(answer), `${question}: ${answer}`).toBe(billed(kind, minutes));
          }
        }
      }
    }
  });

  it('in other words and as follow-ups too (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom(...KINDS),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (minutes, language, kind, kindPick, templatePick, asFollowUp) => {
          const kindWords = KIND_WORDS[language][kind];
          const kindWord = kindWords[kindPick % kindWords.length] ?? kind;
          const lengths = lengthsInWords(minutes, language);
          const length = lengths[templatePick % lengths.length] ?? '';
          let question: string;
          let earlier: string[];
          if (asFollowUp) {
            // The kind from an earlier priced question, the length from the follow-up.
            earlier = [TEMPLATES[language][0]?.(language === 'en' ? '2 hours' : '2 horas', kindWord) ?? ''];
            question = language === 'en' ? `and for ${length}?` : `¿y por ${length}?`;
          } else {
            const templates = TEMPLATES[language];
            earlier = [];
            question = templates[templatePick % templates.length]?.(length, kindWord) ?? '';
          }
          const answer = feeQuestionAnswer(question, earlier, language);
          expect(lastAmount(answer), `${question} after ${earlier}: ${answer}`).toBe(billed(kind, minutes));
          expect(factProblems(answer ?? ''), `${question}: ${answer}`).toEqual([]);
          const fromAssistant = assistant.answer([...history(...earlier), { role: 'user', content: question }], RULES, language);
          expect(fromAssistant, question).toBe(answer);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
