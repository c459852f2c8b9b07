import { isIPv6 } from 'node:net';
import { CONTACT_TEXTS, checkContactMessage } from '../../../shared/contact-form.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, isConnectionLoss } from '../../plugins/errors.ts';
import { consumeRateLimit, countInWindow, type Limit } from '../../plugins/rate-limit-store.ts';
import { adminEmails } from '../accounts/index.ts';
import { type MailService, renderEmail } from '../mail/index.ts';
import { ownerMessageContent } from './contact-emails.ts';

/**
 * How many messages the form takes: from one client (an IP address) in an hour, and from everyone in a day, so that
 * nobody can fill the owner's inbox. Counted in the database, for every instance.
 */
export const CONTACT_LIMITS = {
  perClient: { max: 5, windowSeconds: 60 * 60 },
  everyone: { max: 100, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * Whose messages count together: an IPv4 address, or an IPv6 address's /64 (one household's or one server's whole
 * block, which a sender can walk through address by address).
 */
export function contactClientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** An error's class and code (a database's SQLSTATE), never its message. */
function failureKind(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const name = error instanceof Error ? error.name : typeof error;
  return typeof code === 'string' && /^[\w.-]{1,40}$/.test(code) ? `${name} ${code}` : name;
}

/**
 * A visitor's message to the owner (issue 40): checked by the form's own rules, counted against the limits, and
 * queued in the outbox for the verified admins (or, with none yet, the support address). Nothing is sent to the
 * visitor: they did not ask for an e-mail, and the page tells them it was sent.
 */
export class ContactService {
  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly config: Config,
  ) {}

  async send(body: { name: string; email: string; phone: string; message: string; language: 'en' | 'es' }, client: string) {
    const checked = checkContactMessage(body);
    if (!checked.ok) {
      const [problem = ''] = Object.values(checked.problems);
      throw new HttpError(400, 'VALIDATION_FAILED', problem);
    }
    await consumeRateLimit(this.db, `contact:client:${contactClientKey(client)}`, CONTACT_LIMITS.perClient);
    // The day's cap is nobody's fault in particular: the visitor is told how else to reach the business.
    if ((await countInWindow(this.db, 'contact:everyone', CONTACT_LIMITS.everyone.windowSeconds)) > CONTACT_LIMITS.everyone.max) {
      throw new HttpError(429, 'CONTACT_FULL', CONTACT_TEXTS.formFull, {
        phone: this.config.support.phone,
        email: this.config.support.email,
      });
    }
    const rendered = renderEmail(ownerMessageContent({ ...checked.value, language: body.language }), this.config.support);
    try {
      await this.db.transaction(async (tx) => {
        const admins = await adminEmails(tx);
        const recipients = admins.length > 0 ? admins : [this.config.support.email];
        await this.mail.enqueueAll(
          recipients.map((to) => ({ to, ...rendered })),
          tx,
        );
      });
    } catch (error) {
      // The failure reaches the logs by its kind only: a driver's message may quote what the visitor wrote. A lost
      // connection keeps its kind, so that the visitor is told to try again in a moment (503), not of a fault.
      throw new Error(`the contact message could not be queued (${failureKind(error)})`, {
        cause: isConnectionLoss(error) ? Object.assign(new Error('connection lost'), { code: '08006' }) : undefined,
      });
    }
    this.mail.deliverSoon();
  }
}
