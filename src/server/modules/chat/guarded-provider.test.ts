import { describe, expect, it } from 'vitest';
import type { ChatProvider } from './chat-provider.ts';
import { feeQuestionAnswer } from './fee-questions.ts';
import { GuardedProvider } from './guarded-provider.ts';

const support = { phone: '(631) 555-0142', email: 'support@techhelp.local' };
const rules = { minNoticeHours: 24, cutoffHours: 24 };

/** An external model that invents a price, as a model may. */
const guesser: ChatProvider = { model: 'guesser', complete: async () => 'About $80, I think.' };

describe('an external model behind the guard (issue 41)', () => {
  it('never prices a length of time itself: the bill function does, with the arithmetic, follow-ups included', async () => {
    const guarded = new GuardedProvider(guesser, support);
    const signal = new AbortController().signal;
    const first = await guarded.complete([{ role: 'user', content: 'How much is 2 hours of consulting?' }], signal, rules, 'en');
    expect(first).toBe(feeQuestionAnswer('How much is 2 hours of consulting?', [], 'en'));
    expect(first).toContain('= $200.');
    const followUp = await guarded.complete(
      [
        { role: 'user', content: 'How much is consulting per hour?' },
        { role: 'assistant', content: 'About $80, I think.' },
        { role: 'user', content: 'and for two hours?' },
      ],
      signal,
      rules,
      'en',
    );
    expect(followUp).toContain('= $200.');
    const spanish = await guarded.complete(
      [{ role: 'user', content: '¿Cuánto cuesta una hora y media de reparación?' }],
      signal,
      rules,
      'es',
    );
    expect(spanish).toMatch(/= \$75\.$/);
  });

  it('leaves other questions to the model', async () => {
    const guarded = new GuardedProvider(guesser, support);
    expect(await guarded.complete([{ role: 'user', content: 'Do you fix printers?' }], new AbortController().signal, rules, 'en')).toBe(
      'About $80, I think.',
    );
  });
});
