import type { Config } from './config.ts';

/** Whether HOST keeps the server on this machine (no other computer can connect). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** What a person starting the server must know before anyone else reaches it. */
export function startWarning(config: Config): string | undefined {
  if (config.mail.smtpUrl || config.mail.disabled || isLoopbackHost(config.host)) return undefined;
  return (
    `the server listens on ${config.host}, reachable from other computers, and has no SMTP_URL: e-mails (password ` +
    'resets included) are kept in the development mailbox, which only this machine can open. Set SMTP_URL to send ' +
    'them, or HOST=127.0.0.1 to keep the server on this machine.'
  );
}
