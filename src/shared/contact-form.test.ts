import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from './contact.ts';
import { CONTACT_TEXTS, type ContactForm, checkContactMessage } from './contact-form.ts';

const form = (values: Partial<ContactForm>): ContactForm => ({ name: 'Rosa', email: '', phone: '', message: 'Hello', ...values });

describe('the contact form’s rules', () => {
  it('wants a way to answer, an e-mail address or a phone number, told at the e-mail field', () => {
    expect(checkContactMessage(form({}))).toEqual({ ok: false, problems: { email: CONTACT_TEXTS.answerMissing } });
    expect(checkContactMessage(form({ email: 'rosa@example.com' })).ok).toBe(true);
    expect(checkContactMessage(form({ phone: '631-555-0142' })).ok).toBe(true);
  });

  it('writes a US number the one way, whatever way it was typed, and refuses one that is not 10 digits', () => {
    for (const typed of ['6315550142', '(631) 555-0142', '631.555.0142', '+1 631 555 0142', '1-631-555-0142']) {
      expect(checkContactMessage(form({ phone: typed })), typed).toMatchObject({ ok: true, value: { phone: '631-555-0142' } });
    }
    for (const typed of ['555-0142', '631-555-01422', 'call me', '2-631-555-0142']) {
      expect(checkContactMessage(form({ phone: typed })), typed).toEqual({ ok: false, problems: { phone: CONTACT_TEXTS.phoneInvalid } });
    }
  });

  it('takes an address in any case, and refuses what is not one', () => {
    expect(checkContactMessage(form({ email: ' Rosa.D@Example.COM ' }))).toMatchObject({
      ok: true,
      value: { email: 'Rosa.D@Example.COM' },
    });
    for (const typed of ['rosa', 'rosa@example', 'rosa @example.com', '@example.com', `${'r'.repeat(250)}@example.com`]) {
      expect(checkContactMessage(form({ email: typed })), typed).toEqual({ ok: false, problems: { email: CONTACT_TEXTS.emailInvalid } });
    }
  });

  it('tells every field’s problem at once, and takes the lengths after trimming', () => {
    expect(checkContactMessage({ name: ' ', email: 'x', phone: '12', message: '' })).toEqual({
      ok: false,
      problems: {
        name: CONTACT_TEXTS.nameRequired,
        email: CONTACT_TEXTS.emailInvalid,
        phone: CONTACT_TEXTS.phoneInvalid,
        message: CONTACT_TEXTS.messageRequired,
      },
    });
    expect(checkContactMessage(form({ name: ` ${'n'.repeat(80)} `, phone: '6315550142', message: ` ${'m'.repeat(2000)} ` })).ok).toBe(true);
    expect(checkContactMessage(form({ name: 'n'.repeat(81), phone: '6315550142' })).ok).toBe(false);
    expect(checkContactMessage(form({ phone: '6315550142', message: 'm'.repeat(2001) })).ok).toBe(false);
  });

  it('never accepts a form the wire’s schema would refuse, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string({ maxLength: 200 }),
          email: fc.string({ maxLength: 600 }),
          phone: fc.string({ maxLength: 70 }),
          message: fc.string({ maxLength: 4500 }),
        }),
        (typed) => {
          if (checkContactMessage(typed).ok) expect(ContactMessageSchema.safeParse(typed).success).toBe(true);
        },
      ),
      { seed: 40, numRuns: 300 },
    );
  });
});
