import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { temporaryDirectory } from './config.ts';
import { startPayPalStandIn } from './paypal-stand-in.ts';
import { startSmtpStandIn } from './smtp-stand-in.ts';
import { startTwilioStandIn } from './twilio-stand-in.ts';

/**
 * What `npm run doctor` talks to, on 127.0.0.1 (issue 42): the SMTP, PayPal and Twilio stand-ins with credentials
 * of their own, a server answering /healthz at PUBLIC_URL as TechHelp behind Caddy does (over https, its certificate
 * made here and trusted through NODE_EXTRA_CA_CERTS), and a BACKUP_COMMAND that copies into a folder. `env` is a
 * production environment on which every check passes; `secrets` are the values that must never be printed.
 */

export type HealthAnswer = { status: number; body: unknown; headers?: Record<string, string>; clockOffsetMs?: number };

/** A server answering GET /healthz as `answer` says; its Date header `clockOffsetMs` off this machine's clock. */
export async function startHealthServer(options: { https: boolean }) {
  const answer: HealthAnswer = { status: 200, body: { status: 'ok', database: 'ok' } };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (answer.clockOffsetMs) res.setHeader('date', new Date(Date.now() + answer.clockOffsetMs).toUTCString());
    if (req.url !== '/healthz') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"error":{"code":"NOT_FOUND"}}');
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  };
  let caFile: string | undefined;
  let server: ReturnType<typeof createHttpServer>;
  if (options.https) {
    const folder = temporaryDirectory('techhelp-tls-');
    caFile = path.join(folder, 'cert.pem');
    const keyFile = path.join(folder, 'key.pem');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
        ...['-keyout', keyFile, '-out', caFile, '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
      ],
      { stdio: 'ignore' },
    );
    server = createHttpsServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, handler);
  } else {
    server = createHttpServer(handler);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.https ? 'https' : 'http'}://localhost:${port}`,
    answer,
    caFile,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (it did a moment ago, for this test only). */
export async function unusedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startDoctorStandIns(options: { https: boolean }) {
  const hex = () => randomBytes(8).toString('hex');
  const smtpPassword = `smtp-pass-${hex()}`;
  const paypalSecret = `paypal-secret-${hex()}`;
  const twilioToken = `twilio-token-${hex()}`;
  const authSecret = `auth-secret-${hex()}${hex()}${hex()}`;
  const accountSid = `AC${hex()}${hex()}`;
  const from = '+16312047788';

  const smtp = await startSmtpStandIn({ user: 'relay-user', pass: smtpPassword });
  const paypal = await startPayPalStandIn({ clientId: `live-client-${hex()}`, clientSecret: paypalSecret });
  const twilio = await startTwilioStandIn(accountSid, twilioToken);
  const health = await startHealthServer(options);
  twilio.incomingNumbers.push({
    phone_number: from,
    capabilities: { sms: true, voice: true, mms: false },
    sms_url: `${health.url}/api/texts/inbound`,
    sms_method: 'POST',
    voice_url: null,
  });

  // BACKUP_COMMAND: copies the file it is given into `copies`.
  const copies = temporaryDirectory('techhelp-copies-');
  const bin = temporaryDirectory('techhelp-bin-');
  const copyCommand = path.join(bin, 'copy-backup');
  writeFileSync(copyCommand, `#!/bin/sh\ncp "$1" '${copies}/'\n`);
  chmodSync(copyCommand, 0o755);
  const backupDir = path.join(temporaryDirectory(), 'backups');
  mkdirSync(backupDir, { mode: 0o700 });

  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: health.url,
    AUTH_SECRET: authSecret,
    HOST: '127.0.0.1',
    // Nothing listens there: the doctor asks a server only when one holds the embedded database.
    PORT: String(await unusedPort()),
    TRUST_PROXY: '1',
    SUPPORT_PHONE: '(631) 204-7788',
    SUPPORT_EMAIL: 'help@islip-techhelp.test',
    SMTP_URL: `smtp://relay-user:${smtpPassword}@127.0.0.1:${smtp.port}`,
    PAYPAL_CLIENT_ID: paypal.credentials.clientId,
    PAYPAL_CLIENT_SECRET: paypalSecret,
    PAYPAL_ENV: 'live',
    PAYPAL_API_URL: paypal.url,
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: twilioToken,
    TWILIO_FROM: from,
    TWILIO_API_URL: twilio.url,
    BACKUP_DIR: backupDir,
    BACKUP_COMMAND: copyCommand,
  };
  return {
    env,
    /** The values no output may hold. */
    secrets: [smtpPassword, paypalSecret, twilioToken, authSecret],
    smtp,
    paypal,
    twilio,
    health,
    copies,
    backupDir,
    close: () => Promise.all([smtp.close(), paypal.close(), twilio.close(), health.close()]),
  };
}
