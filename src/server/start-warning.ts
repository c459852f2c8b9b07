import { type Config, isLoopbackHost } from './config.ts';

/** Whether HOST keeps the server on this machine (no other computer can connect). */

/** What a person starting the server must know before anyone else reaches it: printed at every start. */
export function startWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.mail.smtpUrl && !config.mail.disabled && !isLoopbackHost(config.host)) {
    warnings.push(
      `the server listens on ${config.host}, reachable from other computers, and has no SMTP_URL: e-mails (password ` +
        'resets included) are kept in the development mailbox, which only this machine can open. Set SMTP_URL to send ' +
        'them, or HOST=127.0.0.1 to keep the server on this machine.',
    );
  }
  if (config.paymentsTestMode) {
    warnings.push(
      `PAYMENTS_TEST_MODE is on: payments move no money (${config.paypal ? "PayPal's sandbox" : 'the built-in test mode'}); ` +
        'each is labelled TEST and kept out of the totals. To take real payments, set PayPal live credentials with ' +
        'PAYPAL_ENV=live and remove PAYMENTS_TEST_MODE.',
    );
  }
  return warnings;
}
