import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freshDataDir, NODE_FLAGS, startServer } from '../support/server-process.ts';

const CLI = fileURLToPath(new URL('../../dist/server/cli/admin.js', import.meta.url));
const PASSWORD = 'correct horse battery';

function runCli(
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, CLI, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function post(base: string, path: string, body: object, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function loginIsAdmin(base: string, email: string): Promise<boolean> {
  const response = await post(base, '/api/account/login', { email, password: PASSWORD, rememberMe: false });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { isAdmin: boolean } }).user.isAdmin;
}

describe('npm run admin', () => {
  it('grants and revokes the admin role by e-mail, and refuses while the server holds DATA_DIR', async () => {
    const dataDir = freshDataDir();
    const email = 'future.owner@example.com';
    let server = await startServer({ dataDir });
    try {
      expect(
        (await post(server.url, '/api/account/signup', { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD }))
          .status,
      ).toBe(201);
      const mails = (await (await fetch(`${server.url}/dev/mailbox.json?to=${email}`)).json()) as Array<{ links: string[] }>;
      const code = new URL(mails[0]?.links[0] ?? '').searchParams.get('oobCode');
      expect((await post(server.url, '/api/account/verify-email', { oobCode: code })).status).toBe(200);
      expect(await loginIsAdmin(server.url, email)).toBe(false);

      const refused = await runCli(['grant', email], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is in use by another server process (pid ${server.child.pid}`);
      expect(refused.stderr).toContain('Stop the server, run this command, then start the server again.');
    } finally {
      await server.stop();
    }

    const granted = await runCli(['grant', email.toUpperCase()], dataDir);
    expect(granted).toMatchObject({ code: 0, stdout: `${email} is now an admin.\n` });
    expect((await runCli(['list'], dataDir)).stdout).toBe(`${email}\n`);
    const unknown = await runCli(['grant', 'nobody@example.com'], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the e-mail address nobody@example.com');
    expect((await runCli(['promote'], dataDir)).code).toBe(2);

    server = await startServer({ dataDir });
    try {
      expect(await loginIsAdmin(server.url, email)).toBe(true);
    } finally {
      await server.stop();
    }

    const revoked = await runCli(['revoke', email], dataDir);
    expect(revoked).toMatchObject({ code: 0, stdout: `${email} is no longer an admin.\n`, stderr: '' });
    // Still listed in ADMIN_EMAILS, the address would make a new account an admin: the owner is told to remove it.
    const stillListed = await runCli(['revoke', email], dataDir, { ADMIN_EMAILS: `other@example.com, ${email.toUpperCase()}` });
    expect(stillListed.code).toBe(0);
    expect(stillListed.stderr).toBe(
      `Warning: ADMIN_EMAILS still lists ${email}. Remove it there too and restart the server: while it is listed, a new account registered with this address becomes an admin.\n`,
    );
    server = await startServer({ dataDir });
    try {
      expect(await loginIsAdmin(server.url, email)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
