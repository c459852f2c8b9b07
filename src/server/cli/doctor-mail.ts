import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { type CheckResult, type DoctorOptions, result, seconds } from './doctor-common.ts';

/** The doctor's e-mail check: the SMTP relay takes the login and a test e-mail to the support address. */

function smtpProblem(error: unknown, timeoutMs: number): string {
  const failure = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const said = failure.response ? ` (${failure.response.replace(/\s+/g, ' ').slice(0, 120)})` : '';
  switch (failure.code) {
    case 'EAUTH':
      return `refused the login${said}: check the user name and password in SMTP_URL`;
    case 'ENOAUTH':
      return 'asks for a login that SMTP_URL does not give: put the user name and password in it (smtps://USER:PASSWORD@host:465)';
    case 'EDNS':
      return 'has a name that does not resolve';
    case 'ETIMEDOUT':
      return `did not answer within ${seconds(timeoutMs)} (is the port open from this machine? Some providers block 25 and 465)`;
    case 'ETLS':
      return 'failed to set up TLS: use smtps:// with port 465, smtp:// with 587';
    case 'ECONNECTION':
    case 'ESOCKET':
      return /ECONNREFUSED/.test(failure.message ?? '')
        ? 'refused the connection: nothing is listening there'
        : `cut the connection (${failure.message})`;
    default:
      return `failed (${failure.code ?? 'error'}${failure.responseCode ? ` ${failure.responseCode}` : ''})${said}`;
  }
}

export async function emailResult(config: Config, options: Required<DoctorOptions>): Promise<CheckResult> {
  const name = 'E-mail';
  if (config.mail.disabled) {
    return result(name, 'warn', 'E-mail is off on purpose (MAIL_DISABLED=true): nobody can verify an address or reset a password.');
  }
  if (!config.mail.smtpUrl) return result(name, 'fail', 'SMTP_URL is not set: e-mails stay in the development mailbox and reach nobody.');
  const relay = new URL(config.mail.smtpUrl);
  const where = `The SMTP relay ${relay.hostname}:${relay.port || (relay.protocol === 'smtps:' ? 465 : 587)}`;
  const transport = nodemailer.createTransport({
    url: config.mail.smtpUrl,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  try {
    try {
      await transport.verify();
    } catch (error) {
      return result(name, 'fail', `${where} ${smtpProblem(error, options.timeoutMs)}.`);
    }
    try {
      await transport.sendMail({
        from: config.mail.from,
        to: config.support.email,
        subject: 'TechHelp: a test e-mail from npm run doctor',
        text: `npm run doctor sent this e-mail at ${new Date(options.now()).toISOString()} to check that TechHelp's e-mail works. Nothing needs doing.`,
      });
    } catch (error) {
      return result(
        name,
        'fail',
        `${where} took the login but not a test e-mail to ${config.support.email}: it ${smtpProblem(error, options.timeoutMs)}.`,
      );
    }
  } finally {
    transport.close();
  }
  const login = relay.username ? 'the login and ' : '';
  return result(
    name,
    'pass',
    `${where} accepted ${login}a test e-mail to ${config.support.email}: check that it arrives, and not as spam.`,
  );
}
