import { describe, expect, it } from 'vitest';
import { FEES, feeForAppointment, REMOTE_SUPPORT_TOOLS, SERVICE_CITIES, SERVICE_TOWNS, SLOT_LABELS } from '../../../shared/business.ts';
import type { ChatMessage } from '../../../shared/chat.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { BuiltInAssistant, feeAnswerEs, minutesInEs, withoutAccents } from './built-in-assistant.ts';
import { factProblems } from './fact-check.ts';
import { buildKnowledge, hoursInWords, NEARBY_UNSERVED_PLACES, systemPrompt } from './knowledge.ts';
import { buildKnowledgeEs } from './knowledge-es.ts';
import { chatLanguage, detectLanguage } from './language.ts';
import { SPANISH_LABELS } from './spanish-labels.ts';
import { spokenSlotEs } from './spanish-words.ts';

const hoursInWordsEs = (hours: number) => hoursInWords(hours, 'es');

/** The Spanish test set: the same guarantees as the English one (built-in-assistant.test.ts), for Spanish questions. */

const support = { phone: '(631) 555-0142', email: 'support@techhelp.test' };
const DEFAULT_RULES: BookingRules = { minNoticeHours: 12, cutoffHours: 24 };
const CHANGED: BookingRules = { minNoticeHours: 48, cutoffHours: 6 };
const assistant = new BuiltInAssistant(support);
const ask = (question: string, earlier: ChatMessage[] = [], rules: BookingRules = DEFAULT_RULES) =>
  assistant.answer([...earlier, { role: 'user', content: question }], rules);

const DECLINES = 'no sé la respuesta';

/** Names that stay as they are in a Spanish answer; what is left must hold no English. */
const PROPER_NAMES = [
  ...SERVICE_TOWNS,
  ...SERVICE_CITIES.map((city) => city.name),
  ...NEARBY_UNSERVED_PLACES,
  ...REMOTE_SUPPORT_TOOLS.map((tool) => tool.name),
  'Quick Assist',
  'Remote Support',
  'Long Island',
  'Google Chrome',
  'Google Workspace',
  'Microsoft 365',
  support.email,
].sort((a, b) => b.length - a.length);
const ENGLISH_WORDS =
  /\b(the|you|your|we|our|is|are|and|of|to|for|with|please|can|will|this|that|it|yes|sorry|visit|book|hours?|minutes?|costs?|outside|first|after|before)\b/i;

/** The answer is Spanish: read as Spanish, and without an English word once the proper names are taken out. */
function expectSpanish(answer: string, question: string) {
  expect(detectLanguage(answer), `${question}: ${answer}`).toBe('es');
  let rest = answer;
  for (const name of PROPER_NAMES) rest = rest.split(name).join(' ');
  expect(rest, `${question}: ${answer}`).not.toMatch(ENGLISH_WORDS);
}

type Case = {
  question: string;
  /** Every one of these must be in the answer (case-insensitive). */
  says: string[];
  /** None of these may be in the answer. */
  never?: string[];
  earlier?: ChatMessage[];
};

/**
 * Questions as Spanish-speaking customers ask them: informal, with and without accents, some in Spanglish; none
 * copied from the knowledge base. Each expects the facts a correct answer must contain.
 */
const CUSTOMER_QUESTIONS: Case[] = [
  // Fees, computed from the fee schedule
  { question: '¿cuánto cuesta el troubleshooting?', says: ['$50', '$25'] },
  { question: '¿Cuánto me cobran por hora y media de reparación?', says: ['$75'], never: ['$100'] },
  { question: 'cuanto cuesta 2 horas de consultoria', says: ['$200'] },
  { question: 'Si se tardan tres horas arreglando mi compu, ¿cuánto pago?', says: ['$150'] },
  { question: '¿Precio de un trabajo de 45 minutos?', says: ['$50', 'mínimo'] },
  { question: '¿Me cobran más si el trabajo dura 1 hora 5 minutos?', says: ['$50'] },
  { question: '¿Qué precio tiene media hora de troubleshooting?', says: ['$50', 'mínimo'] },
  { question: 'Cuánto sale 2 horas y media de consultoría?', says: ['$250'] },
  { question: 'cuanto cobran por hora y media de consultoria', says: ['$150'] },
  {
    question: '¿y para consultoría?',
    earlier: [
      { role: 'user', content: '¿Cuánto cuestan dos horas de troubleshooting?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['$200'],
  },
  // Follow-ups read with the earlier question (issue 41)
  {
    question: 'y por dos horas?',
    earlier: [
      { role: 'user', content: '¿Cuánto cuesta la consultoría por hora?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['2 horas de asesoría', '= $200'],
  },
  {
    question: '¿y una hora y media?',
    earlier: [
      { role: 'user', content: '¿Cuánto cuesta la consultoría por hora?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['una hora y media de asesoría', '= $150'],
  },
  {
    question: '¿y el domingo?',
    earlier: [
      { role: 'user', content: '¿Tienen citas el sábado?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['8:00 a. m.', '6:30 p. m.'],
  },
  {
    question: '¿qué tal el domingo?',
    earlier: [
      { role: 'user', content: '¿A qué hora pueden venir el sábado?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['8:00 a. m.', '6:30 p. m.'],
  },
  {
    question: 'domingo?',
    earlier: [
      { role: 'user', content: '¿A qué hora pueden venir el sábado?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['8:00 a. m.', '6:30 p. m.'],
  },
  {
    question: 'con PayPal?',
    earlier: [
      { role: 'user', content: '¿Puedo pagar con cheque?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['PayPal', 'efectivo'],
  },
  { question: '¿Cuánto cobran la hora?', says: ['$50', '$100'] },
  { question: 'es caro? cuales son las tarifas', says: ['$50', '$25'] },
  { question: '¿Me cobran la hora completa aunque tarden 20 minutos?', says: ['una hora', '$50'] },
  { question: '¿Qué diferencia hay entre consultoría y troubleshooting?', says: ['asesoría', '$100'] },
  { question: 'hola, cuanto cobran?', says: ['$50', '$100'] },
  // Greetings and thanks alone get a greeting, not "no sé" nor the visit times ("días", "tardes")
  { question: 'hola', says: ['¡Hola!', '¿Qué le gustaría saber?'], never: [DECLINES] },
  { question: 'Hola, buenos días', says: ['¡Hola!'], never: [DECLINES, '8:00 a. m.'] },
  { question: 'buenas tardes', says: ['¡Hola!'], never: [DECLINES, '8:00 a. m.'] },
  { question: 'Muchas gracias, muy amable', says: ['¡De nada!', '(631) 555-0142'], never: [DECLINES] },
  { question: 'Hola, buenos días, ¿trabajan los sábados?', says: ['sábados y domingos'], never: ['¡Hola!'] },
  { question: 'Buenas tardes, ¿cuánto cobran por arreglar una computadora lenta?', says: ['$50', '$25'] },
  { question: '¿cuanto cuesta una hora de consulta?', says: ['$100'], never: ['$50'] },
  // Service area
  { question: '¿Ustedes vienen hasta Sayville?', says: ['Sí', 'Sayville', 'Town of Islip'] },
  { question: 'vivo en bayshore', says: ['Sí', 'Bay Shore', 'Town of Islip'] },
  { question: 'Vivo en St. James, ¿me pueden visitar?', says: ['Sí', 'Saint James', 'Town of Smithtown'] },
  { question: 'mi código postal es 11787, ¿pueden venir?', says: ['Sí', 'Smithtown'] },
  { question: '¿Pueden venir a mi casa en West Islip?', says: ['West Islip'], never: ['Lo siento'] },
  { question: '¿Pueden venir a Bay Shore a las 7 de la noche?', says: ['Bay Shore', '6:30 p. m.'], never: ['7:00 pm', '7:00 p. m.'] },
  { question: '¿Podrían venir a Commack un miércoles?', says: ['Commack', 'sábados y domingos'] },
  { question: '¿Van a Patchogue?', says: ['Patchogue', 'fuera de nuestra zona'], never: ['Sí, vamos'] },
  { question: 'Estoy en Huntington, vienen?', says: ['fuera de nuestra zona'] },
  { question: '¿Qué pueblos de Long Island cubren?', says: ['municipio de Islip', 'municipio de Smithtown', 'Hauppauge', 'Bohemia'] },
  { question: 'mi zip es 11772, me atienden?', says: ['fuera de nuestra zona', 'código postal 11772'], never: ['Sí, vamos'] },
  // Days, times and booking
  { question: '¿Puedo hacer una cita un martes en la tarde?', says: ['sábados y domingos'] },
  { question: 'abren entre semana?', says: ['sábados y domingos'] },
  { question: '¿Trabajan los domingos?', says: ['sábados y domingos'] },
  { question: 'quiero cancelar mi cita', says: ['Cancelar', 'Cambiar la hora'] },
  { question: '¿Qué horarios tienen disponibles?', says: SLOT_LABELS.map(spokenSlotEs) },
  { question: '¿Qué tan tarde pueden venir?', says: ['6:30 p. m.'] },
  { question: '¿Pueden venir tempranito en la mañana?', says: ['8:00 a. m.'] },
  { question: '¿Alguien puede venir a las 9 de la noche?', says: ['6:30 p. m.'], never: ['9:00 pm', '9:00 p. m.'] },
  { question: 'pueden venir el domingo a las 10?', says: ['9:30 a. m.', '11:00 a. m.'], never: ['10:00'] },
  { question: '¿Cómo hago para sacar una cita?', says: ['Confirmar', 'sábado o domingo'] },
  { question: 'Por qué el calendario sale en gris? no puedo reservar otra cita', says: ['3'] },
  { question: 'Necesito pasar mi cita para otro día', says: ['Cambiar la hora'], never: ['cancelarla y reservar'] },
  { question: '¿Me avisan antes de venir?', says: ['recordatorio'] },
  // Remote support
  {
    question: '¿Me pueden arreglar la laptop por internet sin venir?',
    says: ['A distancia', 'Chrome Remote Desktop', 'Quick Assist'],
  },
  { question: '¿Qué programa tengo que bajar para que se conecten?', says: ['Chrome Remote Desktop', 'Quick Assist'] },
  { question: '¿Es seguro dejar que controlen mi pantalla?', says: ['terminar la sesión'] },
  { question: '¿Cómo funciona lo de la ayuda remota?', says: ['A distancia', 'Chrome Remote Desktop'] },
  // Paying
  { question: '¿Puedo pagar con tarjeta de crédito?', says: ['tarjeta'] },
  { question: 'aceptan cash o cheque?', says: ['efectivo', 'cheque'] },
  { question: '¿Tengo que pagar por adelantado?', says: ['terminado'] },
  { question: '¿Cómo pago en la página después del trabajo?', says: ['Pagar', 'PayPal'] },
  // Security
  { question: 'me llegó un correo raro que dice que mi cuenta del banco está bloqueada, qué hago?', says: ['enlace'] },
  { question: 'Me salió un mensaje que dice que mi computadora tiene virus y que llame a un número', says: ['estafa'] },
  { question: '¿Cómo hago una contraseña segura?', says: ['frase'] },
  { question: '¿Debo apagar el firewall?', says: ['firewall'] },
  { question: 'Me llamaron de Microsoft diciendo que mi computadora tiene un virus', says: ['estafa'] },
  // Other services and the business
  { question: 'Se me rompió la pantalla, ¿la pueden reparar?', says: ['No reparamos piezas ni aparatos (hardware)'] },
  { question: '¿Me ayudan a conectar la impresora al wifi?', says: ['impresora'] },
  { question: '¿Trabajan con negocios pequeños?', says: ['Sí'] },
  { question: '¿Cómo hablo con una persona de verdad?', says: [support.phone, support.email] },
  { question: 'se me olvidó mi password de esta página', says: ['¿Olvidó su contraseña?'] },
  { question: '¿Quién va a venir a mi casa?', says: ['técnico'] },
  { question: '¿hacen el setup de la computadora nueva?', says: ['computadora'] },
  { question: '¿Pueden pasar mis fotos a la computadora nueva?', says: ['fotos'] },
  { question: '¿me pueden ayudar con el email que no abre?', says: ['correo'] },
  // The refunds entry (issue 41): the owner refunds; the customer calls.
  { question: '¿Me pueden devolver el dinero?', says: ['llámenos'] },
];

/** Questions the assistant cannot answer: it says so in Spanish, offers the phone and e-mail, and invents nothing. */
const OUT_OF_SCOPE = [
  '¿Cuál es la capital de Francia?',
  '¿Quién ganó el Super Bowl el año pasado?',
  '¿Cómo va a estar el clima mañana?',
  '¿Me recomienda una buena pizzería?',
  'Escríbame un poema sobre el mar',
  '¿Me pueden cambiar el aceite del carro?',
  '¿Cuál es el sentido de la vida?',
  '¿Tienen descuento para personas mayores?',
];

describe('the built-in assistant answers Spanish-speaking customers in Spanish, correctly', () => {
  it('has a test set of at least 30 customer questions', () => {
    expect(CUSTOMER_QUESTIONS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CUSTOMER_QUESTIONS)('$question', ({ question, says, never, earlier }) => {
    const answer = ask(question, earlier);
    for (const expected of says) expect(answer.toLowerCase(), answer).toContain(expected.toLowerCase());
    for (const forbidden of never ?? []) expect(answer.toLowerCase(), answer).not.toContain(forbidden.toLowerCase());
    expect(answer).not.toContain(DECLINES);
    expectSpanish(answer, question);
  });

  it.each(OUT_OF_SCOPE)('declines "%s" in Spanish and offers the phone and e-mail', (question) => {
    const answer = ask(question);
    expect(answer).toContain(DECLINES);
    expect(answer).toContain(support.phone);
    expect(answer).toContain(support.email);
    expectSpanish(answer, question);
  });

  it('never names a dollar amount, a town or a start time that is not ours (the English set’s check)', () => {
    for (const { question, earlier } of CUSTOMER_QUESTIONS) expect(factProblems(ask(question, earlier)), question).toEqual([]);
  });

  it('has a fact check that catches, in Spanish as in English, what is not ours', () => {
    expect(factProblems('Sí, vamos a Sayville (Town of Islip) los sábados a las 6:30 p. m. o a las 8:00 am, por $75.')).toEqual([]);
    expect(factProblems('Podemos ir a las 7:00 p. m.')).toEqual(['time 7:00 p. m.']);
    expect(factProblems('Podemos ir a las 7 de la noche')).not.toEqual([]);
    expect(factProblems('Podemos ir como 7 de la noche')).toEqual(['time 7 de la noche']);
    expect(factProblems('Podemos ir a las 9')).toEqual(['time a las 9']);
    expect(factProblems('Cuesta $60.')).toEqual(['amount $60']);
    expect(factProblems('Sí, vamos a Patchogue (Town of Islip).')).toEqual(['place Patchogue (Town of Islip)']);
  });

  it('reads every question of the set as Spanish', () => {
    for (const { question } of CUSTOMER_QUESTIONS) expect(detectLanguage(question), question).toBe('es');
    for (const question of OUT_OF_SCOPE) expect(detectLanguage(question), question).toBe('es');
  });
});

type RuleCase = {
  question: string;
  entry: 'reschedule' | 'cutoff' | 'notice' | 'cancel' | 'time-off' | 'completed-job';
  states?: 'notice' | 'cutoff';
};

const RULE_QUESTIONS: RuleCase[] = [
  { question: '¿puedo cambiar mi cita para otro día?', entry: 'reschedule', states: 'cutoff' },
  { question: '¿Hasta cuándo puedo cancelar?', entry: 'cutoff', states: 'cutoff' },
  { question: '¿Puedo cancelar un día antes?', entry: 'cancel', states: 'cutoff' },
  { question: '¿Cobran por cancelar?', entry: 'cancel', states: 'cutoff' },
  { question: 'ya es muy tarde para cancelar por internet, qué hago?', entry: 'cutoff', states: 'cutoff' },
  { question: '¿puedo reservar para mañana en la mañana?', entry: 'notice', states: 'notice' },
  { question: '¿Pueden venir hoy?', entry: 'notice', states: 'notice' },
  { question: '¿Con cuánta anticipación tengo que reservar?', entry: 'notice', states: 'notice' },
  { question: 'Necesito ayuda urgente, ¿alguien puede venir esta noche?', entry: 'notice', states: 'notice' },
  { question: '¿Puedo reservar para mañana a las 9am?', entry: 'notice', states: 'notice' },
  { question: '¿Por qué el sábado dice Cerrado en el calendario?', entry: 'time-off' },
  { question: '¿Se toman vacaciones?', entry: 'time-off' },
  { question: 'El trabajo ya está hecho, ¿todavía lo puedo cancelar?', entry: 'completed-job' },
  { question: '¿Puedo cancelar después de que terminen el trabajo?', entry: 'completed-job' },
];

describe("the built-in assistant gives the owner's current booking rules in Spanish", () => {
  const entryAnswer = (id: string, rules: BookingRules) => buildKnowledgeEs(support, rules).find((entry) => entry.id === id)?.answer ?? '';

  it.each([
    ['the defaults', DEFAULT_RULES],
    ['48 hours notice and a 6-hour cut-off', CHANGED],
  ])('answers with the right entry and hours under %s', (_, rules) => {
    for (const { question, entry, states } of RULE_QUESTIONS) {
      const answer = ask(question, [], rules);
      expect(answer, question).toContain(entryAnswer(entry, rules));
      if (states === 'notice') expect(answer, question).toContain(`al menos ${hoursInWordsEs(rules.minNoticeHours)} de anticipación`);
      if (states === 'cutoff') {
        expect(answer, question).toContain(`hasta ${hoursInWordsEs(rules.cutoffHours)} antes`);
        expect(answer, question).toContain(support.phone);
      }
      for (const [, hours] of answer.matchAll(/(\d+) horas?\b/g)) {
        expect([rules.minNoticeHours, rules.cutoffHours], `${question}: ${hours} horas`).toContain(Number(hours));
      }
      expect(factProblems(answer), question).toEqual([]);
      expect(answer, question).not.toMatch(/\$\d/);
      expect(answer, question).not.toContain(DECLINES);
      expectSpanish(answer, question);
    }
  });

  it('words rules of 1 hour and of no hours plainly', () => {
    expect(ask('¿Hasta cuándo puedo cancelar?', [], { minNoticeHours: 1, cutoffHours: 1 })).toContain('hasta 1 hora antes');
    expect(ask('¿Pueden venir hoy?', [], { minNoticeHours: 1, cutoffHours: 1 })).toContain('al menos 1 hora de anticipación');
    expect(ask('¿Hasta cuándo puedo cancelar?', [], { minNoticeHours: 0, cutoffHours: 0 })).toContain('en cualquier momento antes');
    expect(ask('¿Pueden venir hoy?', [], { minNoticeHours: 0, cutoffHours: 0 })).toContain('cualquier horario libre');
  });
});

describe('the Spanish knowledge states the same facts as the English', () => {
  /** The facts an answer states: amounts, start times, hours, places, the phone and the e-mail. */
  const factsOf = (said: string) => {
    const places = [...SERVICE_TOWNS, ...SERVICE_CITIES.map((city) => city.name), ...NEARBY_UNSERVED_PLACES];
    // Spanish names the towns "los municipios de Islip y Smithtown", "el municipio de Islip" (docs/glossary.md).
    const answer = said.replace(/\bmunicipios de (\w+) y (\w+)/g, 'Town of $1 y Town of $2').replace(/\bmunicipio de (\w+)/g, 'Town of $1');
    return {
      amounts: [...new Set(answer.match(/\$\d+/g) ?? [])].sort(),
      times: [
        ...new Set((answer.match(/\b\d{1,2}:\d{2} (?:[ap]m\b|[ap]\. m\.)/g) ?? []).map((time) => time.replace(/([ap])\. m\.$/, '$1m'))),
      ].sort(),
      hours: [...new Set([...answer.matchAll(/(\d+) (?:hours?|horas?)\b/g)].map((match) => match[1]))].sort(),
      places: places.filter((place) => new RegExp(`\\b${place}\\b`).test(answer)).sort(),
      contact: [support.phone, support.email].filter((value) => answer.includes(value)),
    };
  };

  it.each([
    ['the defaults', DEFAULT_RULES],
    ['48 hours notice and a 6-hour cut-off', CHANGED],
  ])('has every English entry, with the same amounts, times, hours, places and contact, under %s', (_, rules) => {
    const english = buildKnowledge(support, rules);
    const spanish = new Map(buildKnowledgeEs(support, rules).map((entry) => [entry.id, entry]));
    expect([...spanish.keys()].sort()).toEqual(english.map((entry) => entry.id).sort());
    for (const entry of english) {
      const translated = spanish.get(entry.id)?.answer ?? '';
      expect(factsOf(translated), entry.id).toEqual(factsOf(entry.answer));
      expect(factProblems(translated), entry.id).toEqual([]);
      expectSpanish(translated, entry.id);
    }
  });

  it('computes every fee with the fee schedule, as the English answer does', () => {
    for (const kind of Object.keys(FEES) as (keyof typeof FEES)[]) {
      for (let minutes = 5; minutes <= 8 * 60; minutes += 5) {
        // The total is the last amount of the line of arithmetic ("primera hora $50, luego … = $75.").
        expect(feeAnswerEs(kind, minutes, false).match(/\$\d+/g)?.at(-1), `${kind} ${minutes}`).toBe(
          `$${feeForAppointment(kind, minutes)}`,
        );
      }
    }
    expect(feeAnswerEs('troubleshooting', 90, false)).toMatch(
      /^Una hora y media de solución de problemas: primera hora \$50, luego 1 media hora más a \$25 = \$75\./,
    );
    expect(feeAnswerEs('consulting', 120, false)).toMatch(
      /^2 horas de asesoría: primera hora \$100, luego 2 medias horas más a \$50 cada una = \$200\./,
    );
    expect(feeAnswerEs('troubleshooting', 45, false)).toMatch(
      /^45 minutos de solución de problemas: el mínimo es una hora, así que primera hora \$50 = \$50\./,
    );
    expect(feeAnswerEs('troubleshooting', 70, false)).toContain('$50');
    expect(feeAnswerEs('troubleshooting', 71, false)).toContain('$75');
    expect(feeAnswerEs('consulting', 131, true)).toContain('$250');
    expect(feeAnswerEs('consulting', 131, true)).toContain(`costaría $${feeForAppointment('troubleshooting', 131)}`);
  });

  it('reads lengths of time the ways Spanish speakers write them', () => {
    const minutes = (text: string) => minutesInEs(withoutAccents(text));
    expect(minutes('hora y media')).toBe(90);
    expect(minutes('una hora y media')).toBe(90);
    expect(minutes('2 horas y media')).toBe(150);
    expect(minutes('dos horas y media')).toBe(150);
    expect(minutes('media hora')).toBe(30);
    expect(minutes('90 minutos')).toBe(90);
    expect(minutes('1 1/2 horas')).toBe(90);
    expect(minutes('1,5 horas')).toBe(90);
    expect(minutes('2 horas y 30 minutos')).toBe(150);
    expect(minutes('una hora y cuarto')).toBe(75);
    expect(minutes('tres cuartos de hora')).toBe(45);
    expect(minutes('¿2 horas? ¿más de 90 minutos?')).toBeUndefined();
    expect(minutes('mi código postal es 11706')).toBeUndefined();
    expect(minutes('a las 8:00 am')).toBeUndefined();
  });
});

describe('the assistant answers in the language the customer writes in', () => {
  const on = (messages: ChatMessage[], page?: 'en' | 'es') => assistant.answer(messages, DEFAULT_RULES, page);
  const user = (content: string): ChatMessage => ({ role: 'user', content });

  it('answers a Spanish question in Spanish on the English page, and an English one in English on the Spanish page', () => {
    expect(on([user('¿Cuánto cuestan 2 horas de consultoría?')], 'en')).toContain(
      '2 horas de asesoría: primera hora $100, luego 2 medias horas más a $50 cada una = $200.',
    );
    expect(on([user('How much for 2 hours of consulting?')], 'es')).toContain(
      '2 hours of consulting: first hour $100, then 2 more half-hours at $50 each = $200.',
    );
  });

  it("uses the page's language only when the question does not tell", () => {
    expect(on([user('Sayville?')], 'es')).toContain('Sí, vamos a Sayville (Town of Islip)');
    expect(on([user('Sayville?')], 'en')).toContain('Yes, we come to Sayville (Town of Islip)');
    expect(on([user('Sayville?')])).toContain('Yes, we come to Sayville (Town of Islip)');
  });

  it("keeps the conversation's language for a question that does not tell", () => {
    const earlier: ChatMessage[] = [user('¿Ustedes vienen hasta Sayville?'), { role: 'assistant', content: '…' }];
    expect(on([...earlier, user('Commack?')], 'en')).toContain('Sí, vamos a Commack (Town of Smithtown)');
    expect(chatLanguage([...earlier, user('And Commack?')], 'es')).toBe('en');
  });

  it('tells the OpenAI-compatible model the language, with the Spanish site’s button names', () => {
    const spanish = systemPrompt(support, DEFAULT_RULES, 'es');
    expect(spanish).toContain('Answer in Spanish');
    expect(spanish).toContain(`"Change time" is "${SPANISH_LABELS['Change time']}"`);
    expect(spanish).toContain('"8:00 a. m."');
    expect(spanish).toContain('"6:30 p. m."');
    expect(systemPrompt(support, DEFAULT_RULES, 'en')).toContain('Answer in English');
    expect(systemPrompt(support, DEFAULT_RULES)).not.toContain('Answer in Spanish');
  });
});
