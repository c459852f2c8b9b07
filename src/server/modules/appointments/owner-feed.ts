import type { Executor } from '../../db/client.ts';
import { customersByUserId } from '../accounts/index.ts';
import { FEED_FILE_PATTERN, isOwnerFeedSecret } from '../schedule/index.ts';
import { addressOf } from './appointment-messages.ts';
import { listOpenAppointments } from './appointment-queries.ts';
import { calendarFeed } from './calendar-invite.ts';

/**
 * The owner's calendar feed, for the file name of its address (SECRET.ics): every open visit with the customer's
 * name, phone, address and problem; undefined for any other name, so a wrong address is as unknown as no feed.
 */
export async function ownerFeed(db: Executor, file: string): Promise<string | undefined> {
  const secret = FEED_FILE_PATTERN.exec(file)?.[1];
  if (!secret || !(await isOwnerFeedSecret(db, secret))) return undefined;
  const rows = await listOpenAppointments(db);
  const customers = await customersByUserId(
    db,
    rows.map((row) => row.userId),
  );
  return calendarFeed(
    rows.map((row) => {
      const customer = customers.get(row.userId);
      const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : 'Unknown customer';
      const address = customer ? addressOf(customer) : '';
      return {
        appointmentId: row.id,
        startsAt: row.startsAt,
        sequence: row.inviteSequence,
        title: `${name}: ${row.isRemote ? 'remote' : 'in-person'} visit`,
        location: row.isRemote ? 'Remote' : address,
        description: [
          `Phone: ${customer?.phoneNumber || 'none given'}`,
          `E-mail: ${customer?.email ?? ''}`,
          ...(row.isRemote && address ? [`Address: ${address}`] : []),
          `Problem: ${row.description || 'not described yet'}`,
          ...(row.completedAt ? ['Completed, waiting for payment.'] : []),
        ].join('\n'),
      };
    }),
  );
}
