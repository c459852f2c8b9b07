import { describe, expect, it } from 'vitest';
import { CARD_PLACEHOLDER, EMAIL_PLACEHOLDER, scrubPersonalData } from './personal-data.ts';

describe('scrubPersonalData', () => {
  it.each([
    ['Failed for mary@example.com', `Failed for ${EMAIL_PLACEHOLDER}`],
    ['to <Mary.O-Neil+home@Mail.Example.co.uk>.', `to <${EMAIL_PLACEHOLDER}>.`],
    ['/usermgmt?email=mary%40example.com&x=1', `/usermgmt?email=${EMAIL_PLACEHOLDER}&x=1`],
    ['a@b.io and c_d@e-f.org', `${EMAIL_PLACEHOLDER} and ${EMAIL_PLACEHOLDER}`],
    ['josé@correo.es', EMAIL_PLACEHOLDER],
  ])('replaces e-mail addresses: %s', (text, scrubbed) => {
    expect(scrubPersonalData(text)).toBe(scrubbed);
  });

  it.each([
    ['card 4111111111111111 declined', `card ${CARD_PLACEHOLDER} declined`],
    ['card 4111 1111 1111 1111 declined', `card ${CARD_PLACEHOLDER} declined`],
    ['card 4111-1111-1111-1111.', `card ${CARD_PLACEHOLDER}.`],
    ['amex 3782 822463 10005', `amex ${CARD_PLACEHOLDER}`],
    ['amex 378282246310005', `amex ${CARD_PLACEHOLDER}`],
    ['13 digits 4222222222222', `13 digits ${CARD_PLACEHOLDER}`],
    ['19 digits 6304000000000000000', `19 digits ${CARD_PLACEHOLDER}`],
    ['number=5555555555554444&cvv', `number=${CARD_PLACEHOLDER}&cvv`],
    ['4111 1111 1111 1111 2027', `${CARD_PLACEHOLDER} 2027`],
  ])('replaces card numbers that pass the Luhn check: %s', (text, scrubbed) => {
    expect(scrubPersonalData(text)).toBe(scrubbed);
  });

  it.each([
    'Call us at (631) 555-0142',
    'Call 631-555-0142 or +1 631 555 0142',
    'card 4111 1111 1111 1112 (a typo fails the Luhn check)',
    'order 1234567890123',
    'at 1700000000000 ms',
    'appointment 20250614-3f2a9c1e-8d4b-4c55-9e0a-1b2c3d4e5f60',
    // An appointment id whose date and the first group of its UUID read as 16 digits that pass the Luhn check, the
    // next group beginning with a letter (about one id in a thousand), and a UUID whose last two groups do: ids,
    // whole, not card numbers.
    'appointment 20261205-12345671-ad4b-4c55-9e0a-1b2c3d4e5f60',
    '20261205-12345671-ad4b-4c55-9e0a-1b2c3d4e5f60',
    'user 12345678-1234-4234-9234-123456789014 failed',
    'a run of twelve 123456789012 is too short',
    'twenty digits 41111111111111111111 are too many',
    'part of a word: id4111111111111111 or 4111111111111111x',
    '1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6',
    'TypeError: Cannot read properties of undefined (reading "id") at chunk-4a5b.js:1:2345',
  ])('keeps text that is no e-mail address or card number: %s', (text) => {
    expect(scrubPersonalData(text)).toBe(text);
  });

  it('still finds a card number beside an id', () => {
    expect(scrubPersonalData('20261205-12345671-ad4b-4c55-9e0a-1b2c3d4e5f60 card 4111-1111-1111-1111')).toBe(
      `20261205-12345671-ad4b-4c55-9e0a-1b2c3d4e5f60 card ${CARD_PLACEHOLDER}`,
    );
  });

  it.each([
    // The id's last digits and the card number form one run of digit groups: only the id's group is left out.
    ['user 12345678-1234-4234-9234-1b2c3d4e5f60 4111 1111 1111 1111', `user 12345678-1234-4234-9234-1b2c3d4e5f60 ${CARD_PLACEHOLDER}`],
    ['user 12345678-1234-4234-9234-123456789014 4111 1111 1111 1111', `user 12345678-1234-4234-9234-123456789014 ${CARD_PLACEHOLDER}`],
    ['order A12 4111111111111111 declined', `order A12 ${CARD_PLACEHOLDER} declined`],
    ['4111111111111111 5555-5555-5555-4444b', `${CARD_PLACEHOLDER} 5555-5555-5555-4444b`],
  ])('finds a card number right after (or before) digits that end (or begin) a word or an id: %s', (text, scrubbed) => {
    expect(scrubPersonalData(text)).toBe(scrubbed);
  });

  it('handles long text quickly', () => {
    const text = `${'a'.repeat(20_000)}@${'b'.repeat(20_000)} ${'1 '.repeat(10_000)}`;
    const started = Date.now();
    expect(scrubPersonalData(text)).toBe(text);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
