import type { ChatMessage } from '../../../shared/chat.ts';
import type { Locale } from '../../../shared/locale.ts';

/**
 * Which language a customer writes in, read from the question itself: the assistant answers a question written
 * in Spanish in Spanish even when the page is in English, and the other way round. Only when a question says
 * nothing either way ("Sayville?", "ok", "$50?") do the earlier questions, then the page's language, decide.
 */

/** Everyday Spanish words that are not English words too ("a", "no", "me", "solo" are left out). */
const SPANISH_WORDS = new Set(
  (
    'que qué cuanto cuánto cuanta cuánta cuantos cuántos cuantas cuántas como cómo cuando cuándo donde dónde cual cuál cuales cuáles quien quién ' +
    'el la los las un una unos unas del al de en con por para sin sobre entre hasta desde pero porque si sí también tambien ' +
    'es son está esta están estan estoy soy era fue ser estar hay tengo tiene tienen tienes necesito necesita quiero quiere quisiera ' +
    'puedo puede pueden podría podria podrían podrian hacen hace hago vienen viene venir ir van voy sale cuesta cuestan cobran cobra ' +
    'mi mis su sus usted ustedes yo nosotros le les lo nos se mí eso esto este ese esa hola gracias favor buenas buenos días dias tardes noches ' +
    'hora horas minutos media cita citas computadora computador ordenador precio precios pago pagar tarjeta efectivo cheque ' +
    'sábado sabado sábados sabados domingo domingos lunes martes miércoles miercoles jueves viernes semana hoy mañana manana ' +
    'contraseña contrasena correo casa pueblo ayuda ayudar arreglar reparar servicio servicios seguro segura virus ' +
    'y o ni muy más mas ya aquí aqui dónde allí señor señora tarde temprano noche qué'
  ).split(' '),
);

/** Everyday English words that are not Spanish words too. */
const ENGLISH_WORDS = new Set(
  (
    'the and or of to in on at for with from about what which who whom whose when where why how much many ' +
    'is are was were be been am do does did done can could would should will shall may might must have has had ' +
    'i my me you your yours we our us they them their it its this that these those there here ' +
    'not dont doesnt cant wont im youre its get got need want like please thanks thank hello hi hey ' +
    'cost costs price pay charge fee fees come visit book appointment time day hour hours minutes computer help'
  ).split(' '),
);

/** Letters and marks only Spanish uses here: ¿ ¡ ñ and the accented vowels. */
const SPANISH_MARKS = /[¿¡ñÑáéíóúÁÉÍÓÚü]/g;

/** 'es' or 'en' when the text clearly is one of them; undefined when it says nothing either way. */
export function detectLanguage(text: string): Locale | undefined {
  const words = text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  let spanish = Math.min(2, text.match(SPANISH_MARKS)?.length ?? 0);
  let english = 0;
  for (const word of words) {
    if (SPANISH_WORDS.has(word)) spanish += 1;
    if (ENGLISH_WORDS.has(word)) english += 1;
  }
  if (spanish === english) return undefined;
  return spanish > english ? 'es' : 'en';
}

/**
 * The language to answer in: the question's own; else the conversation's (its latest clear question); else the
 * page's (the request's locale); else English.
 */
export function chatLanguage(messages: readonly ChatMessage[], pageLocale?: Locale): Locale {
  const questions = messages.filter((message) => message.role === 'user').map((message) => message.content);
  const question = questions.at(-1) ?? '';
  const own = detectLanguage(question);
  if (own) return own;
  for (const earlier of questions.slice(0, -1).reverse()) {
    const language = detectLanguage(earlier);
    if (language) return language;
  }
  return pageLocale ?? 'en';
}
