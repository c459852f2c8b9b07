import { describe, expect, it } from 'vitest';
import { SLOT_LABELS } from '../../../shared/business.ts';
import type { ChatMessage } from '../../../shared/chat.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { BuiltInAssistant, feeAnswer, minutesIn, placesIn } from './built-in-assistant.ts';
import { factProblems } from './fact-check.ts';
import { buildKnowledge, spokenSlot, systemPrompt } from './knowledge.ts';
import { detectLanguage } from './language.ts';

const support = { phone: '(631) 555-0142', email: 'support@techhelp.test' };
/** The rules a new installation starts with (the back office's defaults). */
const DEFAULT_RULES: BookingRules = { minNoticeHours: 12, cutoffHours: 24 };
const assistant = new BuiltInAssistant(support);
const ask = (question: string, earlier: ChatMessage[] = [], rules: BookingRules = DEFAULT_RULES) =>
  assistant.answer([...earlier, { role: 'user', content: question }], rules);

const DECLINES = "I don't know";

type Case = {
  question: string;
  /** Every one of these must be in the answer (case-insensitive). */
  says: string[];
  /** None of these may be in the answer. */
  never?: string[];
  earlier?: ChatMessage[];
};

/**
 * Questions as customers ask them, in their own words: none is a knowledge-base question copied word for word.
 * Each expects the facts a correct answer must contain.
 */
const CUSTOMER_QUESTIONS: Case[] = [
  // Fees, computed from the fee schedule
  { question: 'What would 90 minutes of troubleshooting set me back?', says: ['$75'], never: [DECLINES] },
  // Greetings and thanks alone get a greeting, not "I don't know" nor the start times ("morning")
  { question: 'hi', says: ['Hello!', 'What would you like to know?'], never: [DECLINES] },
  { question: 'Good morning!', says: ['Hello!'], never: [DECLINES, '8:00 am'] },
  { question: 'ok, thanks so much!', says: ["You're welcome", '(631) 555-0142'], never: [DECLINES] },
  { question: 'hi there, how much for 2 hours of consulting', says: ['$200'], never: ['Hello!'] },
  { question: 'If the fix takes an hour and a half, how much is that?', says: ['$75'] },
  { question: 'how much for 2 hours of consulting', says: ['$200'] },
  { question: 'What will I pay if you are here 3 hours fixing my computer?', says: ['$150'] },
  { question: 'Price for a 45 minute job?', says: ['$50', 'minimum'] },
  { question: 'Would it cost more if the job runs 1 hour 5 minutes?', says: ['$50'] },
  { question: 'What is the price of 1 1/2 hours of troubleshooting?', says: ['$75'], never: ['$100'] },
  { question: 'Cost of 2 1/2 hours of consulting?', says: ['$250'] },
  { question: 'How much is 1/2 hour of troubleshooting?', says: ['$50', 'minimum'] },
  { question: 'I think it will take about 1 hour 45 minutes, what does that cost?', says: ['$100'] },
  {
    question: 'and for consulting?',
    earlier: [
      { role: 'user', content: 'How much is two hours of troubleshooting?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['$200'],
  },
  // Follow-ups read with the earlier question (issue 41)
  {
    question: 'and for two hours?',
    earlier: [
      { role: 'user', content: 'How much is consulting per hour?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['2 hours of consulting', '= $200'],
    never: ['passphrase'],
  },
  {
    question: 'what about 3 hours?',
    earlier: [
      { role: 'user', content: 'How much is consulting per hour?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['= $300'],
  },
  {
    question: 'and troubleshooting?',
    earlier: [
      { role: 'user', content: 'How much is consulting per hour?' },
      { role: 'assistant', content: '…' },
      { role: 'user', content: 'and for two hours?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['2 hours of troubleshooting', '= $100'],
  },
  { question: 'How much is a 2-hour visit?', says: ['= $100', 'Consulting', '$200'], never: ['Chrome Remote Desktop'] },
  {
    question: 'and on Sunday?',
    earlier: [
      { role: 'user', content: 'What start times do you have on Saturday?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['8:00 am', '6:30 pm'],
  },
  {
    question: 'for my email?',
    earlier: [
      { role: 'user', content: 'How do I make a strong password?' },
      { role: 'assistant', content: '…' },
    ],
    says: ['passphrase'],
  },
  { question: 'What do you charge per hour?', says: ['$50', '$100'] },
  { question: 'Is it expensive? What are the rates like?', says: ['$50', '$25'] },
  { question: 'Do I get charged for the full hour even if it takes 20 minutes?', says: ['one hour', '$50'] },
  { question: "What's the difference between consulting and troubleshooting?", says: ['advice', '$100'] },
  // Service area
  { question: 'Do you guys come out to Sayville?', says: ['Yes', 'Sayville', 'Town of Islip'] },
  { question: 'I live in St. James, can you visit?', says: ['Yes', 'Saint James', 'Town of Smithtown'] },
  { question: 'My zip is 11787 — are you able to come to me?', says: ['Yes', 'Smithtown'] },
  { question: 'Can someone come to my house in West Islip?', says: ['West Islip'], never: ['Sorry'] },
  { question: 'Can you come to Bay Shore at 7pm?', says: ['Bay Shore', '6:30 pm'], never: ['7:00 pm'] },
  { question: 'Could you visit me in Commack on a Wednesday?', says: ['Commack', 'Saturdays and Sundays'] },
  { question: 'My name is Shirley, how do I book a visit?', says: ['Confirm'], never: ['outside'] },
  { question: 'Do you make house calls in Patchogue?', says: ['Patchogue', 'outside'], never: ['Yes, we come'] },
  { question: 'Will you drive out to Huntington?', says: ['outside'] },
  { question: 'Which neighborhoods do you cover on Long Island?', says: ['Town of Islip', 'Town of Smithtown', 'Hauppauge', 'Bohemia'] },
  { question: 'I am in zip code 11772, do you service that?', says: ['outside'], never: ['Yes, we come'] },
  // Days, times and booking
  { question: 'Can I get an appointment on a Tuesday evening?', says: ['Saturdays and Sundays'] },
  { question: 'Are you open during the week?', says: ['Saturdays and Sundays'] },
  { question: 'What are the available time slots?', says: SLOT_LABELS.map(spokenSlot) },
  { question: 'How late in the day can you come?', says: ['6:30 pm'] },
  { question: 'Can you come first thing in the morning?', says: ['8:00 am'] },
  { question: 'Could somebody come by at 9pm?', says: ['6:30 pm'], never: ['9:00 pm'] },
  { question: 'How do I set up a visit?', says: ['Confirm', 'Saturday or Sunday'] },
  { question: 'Why is the calendar greyed out? I cannot schedule another one', says: ['3'] },
  { question: 'I need to move my appointment to another day', says: ['Change time'], never: ['cancel it and book'] },
  { question: 'Will I get reminded before you come?', says: ['reminder'] },
  // Remote support
  {
    question: 'Is it possible to fix my laptop over the internet without a visit?',
    says: ['Remote', 'Chrome Remote Desktop', 'Quick Assist'],
  },
  { question: 'What software do I have to download for you to connect?', says: ['Chrome Remote Desktop', 'Quick Assist'] },
  { question: 'Is it safe to let you control my screen?', says: ['end the session'] },
  // Paying
  { question: 'Can I pay by credit card?', says: ['card'] },
  { question: 'Do you accept cash or personal checks?', says: ['cash', 'check'] },
  { question: 'Do I have to pay up front?', says: ['done'] },
  { question: 'How do I pay on the website after the job?', says: ['Pay', 'PayPal'] },
  // Security
  { question: 'I got a weird email saying my bank account is locked, what should I do?', says: ['link'], never: [DECLINES] },
  { question: 'A message popped up saying my computer is infected and to call a number', says: ['scam'] },
  { question: 'How do I make a good password?', says: ['passphrase'] },
  { question: 'Should I turn off my firewall?', says: ['firewall'] },
  // Other services and the business
  { question: 'My screen is cracked, can you repair it?', says: ['do not repair hardware'] },
  { question: 'Can you help me get my printer working with the wifi?', says: ['printer'] },
  { question: 'Do you work with small companies?', says: ['Yes'] },
  { question: 'How do I reach a real person?', says: [support.phone, support.email] },
  { question: 'I forgot my password to this site', says: ['Forgot password'] },
  { question: 'Who will be coming to my home?', says: ['technician'] },
  // The refunds entry (issue 41): the owner refunds; the customer calls.
  { question: 'Can I get a refund?', says: ['call us'] },
];

/** Questions the assistant cannot answer: it says so and offers the phone and e-mail, and invents nothing. */
const OUT_OF_SCOPE = [
  'What is the capital of France?',
  'Who won the Super Bowl last year?',
  "What's the weather going to be tomorrow?",
  'Can you recommend a good pizza place?',
  'Write me a poem about the ocean',
  'Can you change the oil in my car?',
  'What is the meaning of life?',
  'Do you have a discount for seniors?',
];

describe('the built-in assistant answers customers correctly', () => {
  it('has a test set of at least 40 customer questions', () => {
    expect(CUSTOMER_QUESTIONS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CUSTOMER_QUESTIONS)('$question', ({ question, says, never, earlier }) => {
    const answer = ask(question, earlier);
    for (const expected of says) expect(answer.toLowerCase(), answer).toContain(expected.toLowerCase());
    for (const forbidden of never ?? []) expect(answer.toLowerCase(), answer).not.toContain(forbidden.toLowerCase());
    expect(answer).not.toContain(DECLINES);
  });

  it.each(OUT_OF_SCOPE)('declines "%s" and offers the phone and e-mail', (question) => {
    const answer = ask(question);
    expect(answer).toContain(DECLINES);
    expect(answer).toContain(support.phone);
    expect(answer).toContain(support.email);
  });

  it('never names a dollar amount, a town or a start time that is not ours', () => {
    for (const { question, earlier } of CUSTOMER_QUESTIONS) expect(factProblems(ask(question, earlier)), question).toEqual([]);
  });

  it('reads every question of the set as English, or as saying nothing either way, and answers it in English', () => {
    for (const { question } of [...CUSTOMER_QUESTIONS, ...RULE_QUESTIONS]) expect(detectLanguage(question), question).not.toBe('es');
    for (const question of OUT_OF_SCOPE) expect(detectLanguage(question), question).not.toBe('es');
    // Even on the Spanish page, an English question gets the English answer.
    expect(assistant.answer([{ role: 'user', content: 'How much for 2 hours of consulting?' }], DEFAULT_RULES, 'es')).toContain(
      '2 hours of consulting: first hour $100, then 2 more half-hours at $50 each = $200.',
    );
  });
});

type RuleCase = {
  question: string;
  /** The knowledge entry whose answer the reply must contain. */
  entry: 'reschedule' | 'cutoff' | 'notice' | 'cancel' | 'time-off' | 'completed-job';
  /** Which of the owner's rules the reply must state, in hours. */
  states?: 'notice' | 'cutoff';
};

/** Questions about the owner's booking rules, in customers' words, with the entry that must answer each. */
const RULE_QUESTIONS: RuleCase[] = [
  { question: 'can I change my appointment to another day?', entry: 'reschedule', states: 'cutoff' },
  { question: 'Can I move my appointment to a different time?', entry: 'reschedule', states: 'cutoff' },
  { question: 'What if I want to switch my appointment to Sunday?', entry: 'reschedule', states: 'cutoff' },
  { question: 'how late can I cancel?', entry: 'cutoff', states: 'cutoff' },
  { question: 'Can I cancel the day before?', entry: 'cancel', states: 'cutoff' },
  { question: 'It is too late to cancel online, what do I do?', entry: 'cutoff', states: 'cutoff' },
  { question: 'Is there a fee to cancel?', entry: 'cancel', states: 'cutoff' },
  { question: 'can I book for tomorrow morning?', entry: 'notice', states: 'notice' },
  { question: 'Can you come today?', entry: 'notice', states: 'notice' },
  { question: 'How much notice do you need?', entry: 'notice', states: 'notice' },
  { question: 'I need help urgently, can someone come tonight?', entry: 'notice', states: 'notice' },
  { question: 'Can I book for tomorrow at 9am?', entry: 'notice', states: 'notice' },
  { question: 'Why does Saturday say Closed in the calendar?', entry: 'time-off' },
  { question: 'Do you take vacations?', entry: 'time-off' },
  { question: 'The job is done, can I still cancel it?', entry: 'completed-job' },
  { question: 'Can I cancel after the work is completed?', entry: 'completed-job' },
];

describe("the built-in assistant knows the owner's current booking rules", () => {
  const CHANGED: BookingRules = { minNoticeHours: 48, cutoffHours: 6 };
  const entryAnswer = (id: string, rules: BookingRules) => buildKnowledge(support, rules).find((entry) => entry.id === id)?.answer ?? '';

  it('has a test set of at least 8 questions about the rules', () => {
    expect(RULE_QUESTIONS.length).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['the defaults', DEFAULT_RULES],
    ['48 hours notice and a 6-hour cut-off', CHANGED],
  ])('answers with the right entry and hours under %s', (_, rules) => {
    for (const { question, entry, states } of RULE_QUESTIONS) {
      const answer = ask(question, [], rules);
      expect(answer, question).toContain(entryAnswer(entry, rules));
      if (states === 'notice') expect(answer, question).toContain(`at least ${rules.minNoticeHours} hours`);
      if (states === 'cutoff') {
        expect(answer, question).toContain(`until ${rules.cutoffHours} hours before`);
        expect(answer, question).toContain(support.phone);
      }
      // Only the current rules' hours, no start time that is not ours, no price.
      for (const [, hours] of answer.matchAll(/(\d+) hours?\b/g)) {
        expect([rules.minNoticeHours, rules.cutoffHours], `${question}: ${hours} hours`).toContain(Number(hours));
      }
      for (const time of answer.match(/\b\d{1,2}:\d{2} ?[ap]m\b/gi) ?? []) {
        expect(SLOT_LABELS.map(spokenSlot), `${question}: ${time}`).toContain(time);
      }
      expect(answer, question).not.toMatch(/\$\d/);
      expect(answer, question).not.toContain(DECLINES);
    }
  });

  it('follows a change of the rules from one question to the next, and back', () => {
    expect(ask('how late can I cancel?')).toContain('until 24 hours before');
    expect(ask('can I book for tomorrow morning?')).toContain('at least 12 hours ahead');
    const cutoff = ask('how late can I cancel?', [], CHANGED);
    expect(cutoff).toContain('until 6 hours before');
    expect(cutoff).not.toContain('24 hours');
    const notice = ask('can I book for tomorrow morning?', [], CHANGED);
    expect(notice).toContain('at least 48 hours (2 days) ahead');
    expect(notice).not.toContain('12 hours');
    expect(ask('can I change my appointment to another day?', [], CHANGED)).toContain('until 6 hours before');
    expect(ask('how late can I cancel?')).toContain('until 24 hours before');
  });

  it('says a visit is moved with Change time, not by cancelling and booking again', () => {
    const answer = ask('I need to change my appointment time');
    expect(answer).toContain('Change time');
    expect(answer).toContain('old time is kept until the new one is held');
    expect(answer).toContain('completed or paid');
    for (const entry of buildKnowledge(support, DEFAULT_RULES)) expect(entry.answer).not.toContain('cancel it and book');
  });

  it('words rules of 1 hour and of no hours plainly', () => {
    expect(ask('how late can I cancel?', [], { minNoticeHours: 1, cutoffHours: 1 })).toContain('until 1 hour before');
    expect(ask('can I book for tomorrow morning?', [], { minNoticeHours: 1, cutoffHours: 1 })).toContain('at least 1 hour ahead');
    expect(ask('how late can I cancel?', [], { minNoticeHours: 0, cutoffHours: 0 })).toContain('at any time before it starts');
    expect(ask('Can you come today?', [], { minNoticeHours: 0, cutoffHours: 0 })).toContain('any open time that has not started yet');
  });

  it('gives the OpenAI-compatible assistant the same rules, with the current hours', () => {
    const prompt = systemPrompt(support, CHANGED);
    expect(prompt).toContain('at least 48 hours (2 days) ahead');
    expect(prompt).toContain('until 6 hours before');
    expect(prompt).toContain(support.phone);
    expect(prompt).toContain('Change time');
    expect(prompt).toContain('"Closed"');
    expect(prompt).toContain('A completed job can be paid but not cancelled.');
    expect(prompt).not.toContain('12 hours');
    expect(prompt).not.toContain('24 hours');
    expect(prompt).not.toContain('cancel it and book');
  });
});

describe('the pieces of the built-in assistant', () => {
  it('reads lengths of time the ways people write them, and names none when a question holds two', () => {
    expect(minutesIn('1 1/2 hours')).toBe(90);
    expect(minutesIn('2 and 1/2 hours')).toBe(150);
    expect(minutesIn('2 hours and 30 minutes')).toBe(150);
    expect(minutesIn('How much for 2 hours? Is that more than 90 minutes?')).toBeUndefined();
    expect(minutesIn('0.001 hours')).toBeUndefined();
    expect(minutesIn('90 minutes')).toBe(90);
    expect(minutesIn('an hour and a half')).toBe(90);
    expect(minutesIn('two and a half hours')).toBe(150);
    expect(minutesIn('1 hour 40 minutes')).toBe(100);
    expect(minutesIn('half an hour')).toBe(30);
    expect(minutesIn('2.5 hrs')).toBe(150);
    expect(minutesIn('my zip is 11706')).toBeUndefined();
    expect(minutesIn('at 8:00 am')).toBeUndefined();
  });

  it('computes fees with the fee schedule, the 10-minute grace included', () => {
    expect(feeAnswer('troubleshooting', 70, false)).toContain('$50');
    expect(feeAnswer('troubleshooting', 71, false)).toContain('$75');
    expect(feeAnswer('consulting', 130, false)).toContain('$200');
    expect(feeAnswer('consulting', 131, false)).toContain('$250');
  });

  it('reads a five-digit number as a zip code only when it is one of ours, says "zip" or is on Long Island', () => {
    expect(placesIn('My computer shows event ID 10016 errors').unserved).toEqual([]);
    expect(placesIn('Do you come to 11772?').unserved).toEqual(['zip code 11772']);
    expect(placesIn('my zip is 10016').unserved).toEqual(['zip code 10016']);
    expect(ask('My computer keeps showing event ID 10016 errors, can you fix it?')).not.toContain('outside');
  });

  it('tells a longer city name from the one inside it', () => {
    expect(placesIn('Do you serve West Islip?').served.map((city) => city.name)).toEqual(['West Islip']);
    expect(placesIn('North Great River please').served.map((city) => city.name)).toEqual(['North Great River']);
    expect(
      placesIn('Lake Ronkonkoma and Islip')
        .served.map((city) => city.name)
        .sort(),
    ).toEqual(['Islip', 'Lake Ronkonkoma']);
  });

  it('keeps answering within the conversation: a follow-up reuses the earlier length of time', () => {
    const earlier: ChatMessage[] = [
      { role: 'user', content: 'What does an hour and a half of troubleshooting cost?' },
      { role: 'assistant', content: ask('What does an hour and a half of troubleshooting cost?') },
    ];
    expect(ask('What about consulting?', earlier)).toContain('$150');
  });
});
