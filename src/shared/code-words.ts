import { z } from 'zod';
import { english } from './english.ts';
import type { Locale } from './locale.ts';

/**
 * The code word (issue 39, decision 038): the word the technician says at the door, so that an older customer knows
 * the person there is the one they booked and not a stranger posing as "tech support". One word per customer, given
 * at their first booking from the list of their language, changeable on /account to another word of either list.
 *
 * Plain, everyday words, easy to say and to hear at a door or on the phone: nothing that could offend, sound like a
 * number ("ate", "won", "for"), a command ("stop", "help") or a name of the business, and no two that sound alike.
 * Written in lower case; the Spanish ones with their accents.
 */
export const CODE_WORDS: Record<Locale, readonly string[]> = {
  en: [
    'maple',
    'harbor',
    'robin',
    'lantern',
    'meadow',
    'acorn',
    'willow',
    'pebble',
    'garden',
    'violet',
    'sparrow',
    'orchard',
    'cedar',
    'copper',
    'river',
    'blossom',
    'canyon',
    'marble',
    'pumpkin',
    'velvet',
    'bluebird',
    'cricket',
    'daisy',
    'falcon',
    'harvest',
    'island',
    'jasmine',
    'kettle',
    'lemon',
    'mitten',
    'nutmeg',
    'otter',
    'pepper',
    'quilt',
    'rainbow',
    'saddle',
    'thistle',
    'tulip',
    'walnut',
    'zebra',
  ],
  es: [
    'girasol',
    'paloma',
    'naranja',
    'ventana',
    'montaña',
    'mariposa',
    'limón',
    'manzana',
    'estrella',
    'guitarra',
    'tortuga',
    'canela',
    'jardín',
    'pradera',
    'arcoíris',
    'colibrí',
    'margarita',
    'cereza',
    'castillo',
    'abeja',
    'ballena',
    'campana',
    'caracol',
    'durazno',
    'escalera',
    'faro',
    'gaviota',
    'lámpara',
    'molino',
    'nube',
    'olivo',
    'pino',
    'río',
    'sandía',
    'tambor',
    'violeta',
    'zapato',
    'almendra',
    'cometa',
    'lucero',
  ],
};

/** The longest code word a request may carry (the longest of the lists, with room). */
export const CODE_WORD_MAX_LENGTH = 40;

/** A word as it is compared and stored: trimmed, lower case, its accents composed (NFC). */
export function normalCodeWord(word: string): string {
  return word.normalize('NFC').trim().toLocaleLowerCase('es');
}

/** Whether `word` is one of the code words of either language (a Spanish customer may pick an English word). */
export function isCodeWord(word: string): boolean {
  const normal = normalCodeWord(word);
  return CODE_WORDS.en.includes(normal) || CODE_WORDS.es.includes(normal);
}

/**
 * A word of the language's list chosen at random with the platform's cryptographic generator (never Math.random: a
 * guessable word would be no proof), other than `not` when given (the customer's "Give me a new word").
 */
export function randomCodeWord(locale: Locale, not?: string | null): string {
  const words = CODE_WORDS[locale].filter((word) => word !== not);
  const limit = Math.floor(0x1_0000_0000 / words.length) * words.length;
  const draw = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(draw);
    // Rejection sampling: every word equally likely.
    const value = draw[0] ?? 0;
    if (value < limit) return words[value % words.length] as string;
  }
}

/** The customer's texts about the code word: the refusal of a word not on the lists, and the account page's. */
export const CODE_WORD_TEXTS = {
  notOnList: english('Please choose a word from the list: only those words can be your code word.'),
  noProfile: english('Please fill in your service details first: your code word comes with them.'),
} as const;

/** GET and PUT /api/account/code-word: the customer's word (null before their first booking) and the words to pick from. */
export const CodeWordAnswerSchema = z.object({ codeWord: z.string().nullable(), choices: z.array(z.string()) });
export type CodeWordAnswer = z.infer<typeof CodeWordAnswerSchema>;

/** PUT /api/account/code-word: a word of the lists, or `{ fresh: true }` for another word at random. */
export const CodeWordChangeSchema = z.union([
  z.strictObject({ word: z.string().max(CODE_WORD_MAX_LENGTH, { error: CODE_WORD_TEXTS.notOnList }) }),
  z.strictObject({ fresh: z.literal(true) }),
]);
export type CodeWordChange = z.infer<typeof CodeWordChangeSchema>;
