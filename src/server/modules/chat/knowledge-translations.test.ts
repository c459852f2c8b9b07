import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import {
  HARDWARE_NOTE,
  PAYMENT_TERMS,
  REMOTE_SUPPORT_TOOLS,
  SECURITY_LESSONS,
  SERVICES_OFFERED,
  TECHNICIAN_BIO,
} from '../../../shared/business.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { knowledgeAsWritten, knowledgeIn } from './knowledge.ts';
import { buildKnowledgeEs } from './knowledge-es.ts';
import { messagesOf } from './said.ts';

/**
 * Issue 41: each answer is written once, in English, and its Spanish comes from src/server/locales/es.po. So an
 * English answer changed without its Spanish must fail here: every message of the assistant has a Spanish
 * translation with the same placeholders, and every entry's Spanish answer is that translation, not the English.
 */

const support = { phone: '(631) 555-0142', email: 'support@techhelp.local' };
const RULE_SETS: BookingRules[] = [
  { minNoticeHours: 12, cutoffHours: 24 },
  { minNoticeHours: 48, cutoffHours: 6 },
  { minNoticeHours: 1, cutoffHours: 1 },
  { minNoticeHours: 0, cutoffHours: 0 },
];

type PoEntry = { message?: string; translation?: string; origin?: [string, number?][]; obsolete?: boolean };

async function catalogue(locale: 'en' | 'es', folder = '../../locales'): Promise<Map<string, PoEntry>> {
  const filename = fileURLToPath(new URL(`${folder}/${locale}.po`, import.meta.url));
  const parsed = (await formatter({ lineNumbers: false }).parse(readFileSync(filename, 'utf8'), {
    locale,
    sourceLocale: 'en',
    filename,
  })) as Record<string, PoEntry>;
  return new Map(Object.entries(parsed).filter(([, entry]) => !entry.obsolete));
}

/** The names a message's placeholders use (`{phone}`, `{count, plural, …}`), not the words inside plural forms. */
function placeholdersOf(message: string): string[] {
  const names = [...message.matchAll(/(?<!(?:\b(?:zero|one|two|few|many|other)|=\d+)\s*)\{\s*(\w+)\s*[,}]/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set(names)].sort();
}

describe('each answer is written once, in English, with its Spanish in the catalogue (issue 41)', () => {
  it('reads placeholders, and not the words of plural forms', () => {
    expect(placeholdersOf('Sorry, {places} {count, plural, one {is} other {are}} outside: {towns}.')).toEqual(['count', 'places', 'towns']);
    expect(placeholdersOf('{hours, plural, one {# hora} other {# horas}}')).toEqual(['hours']);
    expect(placeholdersOf('presione {cancel} o {changeTime}')).toEqual(['cancel', 'changeTime']);
  });

  it('has a Spanish translation, with the same placeholders, for every message of the assistant', async () => {
    const spanish = await catalogue('es');
    const chatMessages = [...(await catalogue('en')).entries()].filter(([, entry]) =>
      entry.origin?.some(([file]) => file.includes('modules/chat/')),
    );
    expect(chatMessages.length).toBeGreaterThan(50);
    for (const [id] of chatMessages) {
      const translation = spanish.get(id)?.translation ?? '';
      expect(translation.trim(), id).not.toBe('');
      expect(translation, id).not.toBe(id);
      expect(placeholdersOf(translation), id).toEqual(placeholdersOf(id));
    }
  });

  it.each(RULE_SETS)('has in the catalogue every message an entry says, under %j', async (rules) => {
    const spanish = await catalogue('es');
    for (const entry of knowledgeAsWritten(support, rules)) {
      for (const message of messagesOf(entry.answer)) {
        expect(spanish.get(message)?.translation?.trim(), `${entry.id}: ${message}`).toBeTruthy();
      }
    }
  });

  it.each(RULE_SETS)('answers every entry in Spanish with its translation, not its English, under %j', (rules) => {
    const english = new Map(knowledgeIn('en', support, rules).map((entry) => [entry.id, entry.answer]));
    const spanish = buildKnowledgeEs(support, rules);
    expect(spanish.map((entry) => entry.id)).toEqual([...english.keys()]);
    for (const entry of spanish) {
      expect(entry.answer, entry.id).not.toBe(english.get(entry.id));
      expect(entry.answer, entry.id).not.toMatch(/\{\w+[,}]/);
    }
  });
});

describe("one Spanish for each fact of src/shared: the site's own (issue 41)", () => {
  it('quotes the services, the bio, the remote tools, the lessons, the hardware note and the payment terms as the Spanish site shows them', async () => {
    const facts = await catalogue('es', '../../../shared/locales/facts');
    /** The site's Spanish of an English fact; a fact the catalogue does not translate fails here. */
    const spanishOf = (english: string): string => {
      const translation = facts.get(english)?.translation ?? '';
      expect(translation, english).not.toBe('');
      expect(translation, english).not.toBe(english);
      return translation;
    };
    const entries = new Map(buildKnowledgeEs(support, RULE_SETS[0] as BookingRules).map((entry) => [entry.id, entry]));
    const answerOf = (id: string) => entries.get(id)?.answer ?? '';
    // A description that goes on after a colon starts in lower case.
    const tail = (text: string) => text.slice(1);

    for (const service of SERVICES_OFFERED) {
      const entry = entries.get(`service:${service.title}`);
      expect(entry?.answer).toContain(spanishOf(service.text));
      expect(entry?.questions).toContain(spanishOf(service.title));
    }
    for (const lesson of SECURITY_LESSONS) {
      const entry = entries.get(`security:${lesson.anchor}`);
      for (const line of lesson.summary) expect(entry?.answer).toContain(spanishOf(line));
      expect(entry?.questions).toContain(spanishOf(lesson.title));
    }
    for (const paragraph of TECHNICIAN_BIO.paragraphs.slice(0, 2)) expect(answerOf('who')).toContain(spanishOf(paragraph));
    for (const tool of REMOTE_SUPPORT_TOOLS) {
      expect(answerOf('remote-tools')).toContain(tail(spanishOf(tool.text)));
      expect(answerOf('remote-support')).toContain(tail(spanishOf(tool.platforms)));
    }
    expect(answerOf('hardware')).toContain(spanishOf(HARDWARE_NOTE));
    expect(answerOf('services')).toContain(spanishOf(HARDWARE_NOTE));
    expect(answerOf('payment-methods')).toContain(spanishOf(PAYMENT_TERMS));
    expect(answerOf('when-pay')).toContain(spanishOf(PAYMENT_TERMS));
  });
});
