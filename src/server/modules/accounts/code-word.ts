import {
  CODE_WORD_TEXTS,
  CODE_WORDS,
  type CodeWordAnswer,
  type CodeWordChange,
  isCodeWord,
  normalCodeWord,
  randomCodeWord,
} from '../../../shared/code-words.ts';
import { isLocale, type Locale } from '../../../shared/locale.ts';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findProfile, findUserById, setCodeWord, setCodeWordIfMissing } from './account-queries.ts';

/**
 * The customer's code word (issue 39, decision 038): the word the technician says at the door. Given at the first
 * booking, from the list of the customer's language, and changed only by the customer, to another word of the lists.
 * Never written to a log, an error report or a URL.
 */

/**
 * The customer's code word, given now (at random, from their language's list) when they have none: the booking calls
 * this in its transaction, and so does "on my way" for a customer who booked before there were code words.
 * Undefined when the customer has no profile (nothing to keep it in).
 */
export async function codeWordFor(tx: Executor, userId: string, locale: Locale | undefined): Promise<string | undefined> {
  const profile = await findProfile(tx, userId);
  if (!profile) return undefined;
  if (profile.codeWord) return profile.codeWord;
  return setCodeWordIfMissing(tx, userId, randomCodeWord(locale ?? 'en'));
}

/** The words offered on /account: the customer's language's first, then the other's. */
function choicesFor(locale: Locale): string[] {
  return locale === 'es' ? [...CODE_WORDS.es, ...CODE_WORDS.en] : [...CODE_WORDS.en, ...CODE_WORDS.es];
}

async function localeOf(db: Executor, userId: string): Promise<Locale> {
  const locale = (await findUserById(db, userId))?.locale;
  return isLocale(locale) ? locale : 'en';
}

/** What /account shows: the word (null before the first booking) and the words to choose from. */
export async function readCodeWord(db: Executor, userId: string): Promise<CodeWordAnswer> {
  const [profile, locale] = [await findProfile(db, userId), await localeOf(db, userId)];
  return { codeWord: profile?.codeWord ?? null, choices: choicesFor(locale) };
}

/** The customer picks a word of the lists, or asks for a new one at random; anything else is refused. */
export async function changeCodeWord(db: Executor, userId: string, change: CodeWordChange): Promise<CodeWordAnswer> {
  const locale = await localeOf(db, userId);
  const profile = await findProfile(db, userId);
  if (!profile) throw new HttpError(409, 'PROFILE_REQUIRED', CODE_WORD_TEXTS.noProfile);
  let word: string;
  if ('fresh' in change) word = randomCodeWord(locale, profile.codeWord);
  else {
    if (!isCodeWord(change.word)) throw new HttpError(400, 'NOT_A_CODE_WORD', CODE_WORD_TEXTS.notOnList);
    word = normalCodeWord(change.word);
  }
  await setCodeWord(db, userId, word);
  return { codeWord: word, choices: choicesFor(locale) };
}
