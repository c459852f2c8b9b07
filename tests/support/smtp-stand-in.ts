import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; parsed: Email; raw: string };

/**
 * An SMTP server on 127.0.0.1 standing in for the relay: it accepts (or, on request, refuses with a 451)
 * every message and keeps them parsed.
 */
export async function startSmtpStandIn(options: { user?: string; pass?: string } = {}) {
  const received: ReceivedMail[] = [];
  let refuseNext = 0;
  let attempts = 0;
  const waiters: Array<() => void> = [];

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !options.user,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        attempts += 1;
        if (refuseNext > 0) {
          refuseNext -= 1;
          const error = Object.assign(new Error('Requested action aborted: try again later'), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await PostalMime.parse(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          parsed,
          raw,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: options.user ? `smtp://${options.user}:${options.pass}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    refuse(count: number) {
      refuseNext = count;
    },
    async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
