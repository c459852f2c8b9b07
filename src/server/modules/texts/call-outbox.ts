import type { Executor } from '../../db/client.ts';
import { insertOutboxText } from './text-queries.ts';

/**
 * A reminder call's words in the development outbox (/dev/sms), where the development server keeps what it would
 * have sent (decision 040): outside production without Twilio, a call is not placed but shown there, to the number
 * it would have rung, as kind `reminder-call`. Never used when Twilio is set.
 */
export async function keepCallInDevOutbox(db: Executor, call: { userId: string; toNumber: string; words: string }): Promise<void> {
  await insertOutboxText(db, {
    toNumber: call.toNumber,
    aboutUserId: call.userId,
    kind: 'reminder-call',
    body: call.words,
    status: 'sent',
    sentAt: new Date(),
  });
}
