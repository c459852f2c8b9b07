import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from '../../src/server/config.ts';

/**
 * The deploy kit (deploy/, issue 42) holds what a server needs, so that none of it goes without a failing test:
 * the units' hardening and stopping, the settings file's production values, and the three files agreeing with each
 * other and with the server. `npm run check:deploy` (in CI) has systemd and Caddy read the same files.
 */

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

type Unit = Record<string, Record<string, string[]>>;

/** A unit file's settings by section, each key with every value it is given (systemd's syntax, without continuations). */
function parseUnit(text: string): Unit {
  const unit: Unit = {};
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header?.[1]) {
      section = header[1];
      unit[section] ??= {};
      continue;
    }
    const at = line.indexOf('=');
    if (at < 0) throw new Error(`not a setting: ${line}`);
    const key = line.slice(0, at).trim();
    const settings = unit[section] ?? {};
    unit[section] = settings;
    settings[key] = [...(settings[key] ?? []), line.slice(at + 1).trim()];
  }
  return unit;
}

/** The last value a setting is given (what systemd uses for a single-valued one), or undefined. */
const setting = (unit: Unit, section: string, key: string) => unit[section]?.[key]?.at(-1);

/** systemd's EnvironmentFile: NAME=value lines, a value in double quotes taken without them; comments skipped. */
function parseEnvironmentFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match?.[1]) throw new Error(`not a setting: ${line}`);
    const value = match[2] ?? '';
    values[match[1]] = /^".*"$/.test(value) ? value.slice(1, -1) : value;
  }
  return values;
}

/** Bytes of a systemd size (768M, 1G, 1.5G). */
function bytes(size: string): number {
  const match = /^(\d+(?:\.\d+)?)([KMGT]?)$/.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  return Number(match[1]) * 1024 ** ' KMGT'.indexOf(match[2] || ' ');
}

const server = parseUnit(read('deploy/techhelp.service'));
const backup = parseUnit(read('deploy/techhelp-backup.service'));
const timer = parseUnit(read('deploy/techhelp-backup.timer'));
const environment = parseEnvironmentFile(read('deploy/techhelp.env.example'));
const caddyfile = read('deploy/Caddyfile');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** The hardening both services keep. */
const HARDENING: Record<string, string> = {
  NoNewPrivileges: 'yes',
  ProtectSystem: 'strict',
  ProtectHome: 'yes',
  PrivateTmp: 'yes',
  PrivateDevices: 'yes',
  ProtectKernelTunables: 'yes',
  ProtectKernelModules: 'yes',
  ProtectControlGroups: 'yes',
  RestrictSUIDSGID: 'yes',
  CapabilityBoundingSet: '',
  UMask: '0077',
  User: 'techhelp',
  WorkingDirectory: '/opt/techhelp',
  EnvironmentFile: '/etc/techhelp/techhelp.env',
};

describe('the deploy kit', () => {
  it('runs the built server as npm start does, as its own user, hardened, and restarts it when it fails', () => {
    expect(setting(server, 'Service', 'ExecStart')).toBe(`/usr/bin/${scripts.start}`);
    for (const [key, value] of Object.entries(HARDENING)) expect([key, setting(server, 'Service', key)]).toEqual([key, value]);
    expect(server.Service?.ReadWritePaths?.join(' ').split(/\s+/)).toEqual(['/var/lib/techhelp']);
    expect(setting(server, 'Service', 'Restart')).toBe('on-failure');
    expect(setting(server, 'Install', 'WantedBy')).toBe('multi-user.target');
    // V8 writes the code it compiles (and PGlite's WebAssembly) into memory it then makes executable.
    expect(setting(server, 'Service', 'MemoryDenyWriteExecute') ?? 'no').toBe('no');
  });

  it("caps memory above the server's measured peak and below a 1 GB machine", () => {
    const memoryMax = bytes(setting(server, 'Service', 'MemoryMax') ?? '');
    // npm run bench: about 350 MB at its peak on the embedded database, 230 MB on PostgreSQL (docs/performance.md).
    expect(memoryMax).toBeGreaterThanOrEqual(bytes('512M'));
    expect(memoryMax).toBeLessThan(bytes('1G'));
    expect(bytes(setting(backup, 'Service', 'MemoryMax') ?? '')).toBeLessThan(bytes('1G'));
  });

  it('stops the server with SIGTERM and waits longer than its own graceful stop', () => {
    expect(setting(server, 'Service', 'KillSignal')).toBe('SIGTERM');
    // src/server/main.ts: on SIGTERM the server closes, and exits by itself after this many seconds whatever happens.
    const forcedAfter = Number(/shutdown took longer than (\d+) s/.exec(read('src/server/main.ts'))?.[1]);
    expect(forcedAfter).toBeGreaterThan(0);
    const timeout = /^(\d+)s$/.exec(setting(server, 'Service', 'TimeoutStopSec') ?? '');
    expect(Number(timeout?.[1])).toBeGreaterThan(forcedAfter);
  });

  it('backs up PostgreSQL each night with npm run backup, as the same user with the same hardening', () => {
    expect(setting(backup, 'Service', 'ExecStart')).toBe(`/usr/bin/${scripts.backup}`);
    expect(setting(backup, 'Service', 'Type')).toBe('oneshot');
    for (const [key, value] of Object.entries(HARDENING)) expect([key, setting(backup, 'Service', key)]).toEqual([key, value]);
    expect(backup.Service?.ReadWritePaths).toEqual(server.Service?.ReadWritePaths);
    expect(setting(timer, 'Timer', 'Persistent')).toBe('true');
    expect(setting(timer, 'Timer', 'OnCalendar')).toMatch(/^\*-\*-\* \d\d:\d\d:\d\d America\/New_York$/);
    expect(setting(timer, 'Timer', 'Unit')).toBe('techhelp-backup.service');
    expect(setting(timer, 'Install', 'WantedBy')).toBe('timers.target');
  });

  it('names every setting the server reads, with production values that the server accepts once the secrets are filled in', () => {
    const text = read('deploy/techhelp.env.example');
    const missing = ENV_VARIABLES.filter((name) => !new RegExp(`^#?${name}=`, 'm').test(text));
    expect(missing).toEqual([]);
    expect(environment).toMatchObject({ NODE_ENV: 'production', HOST: '127.0.0.1', TRUST_PROXY: '1', PAYPAL_ENV: 'live' });
    // No secret comes filled in: each is the owner's to make.
    for (const secret of ['AUTH_SECRET', 'SMTP_URL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'])
      expect([secret, environment[secret]]).toEqual([secret, '']);
    expect(environment.PUBLIC_URL).toMatch(/^https:\/\//);
    const config = loadConfig({
      ...environment,
      AUTH_SECRET: 'a'.repeat(48),
      SMTP_URL: 'smtps://user:password@smtp.example.com:465',
      PAYPAL_CLIENT_ID: 'live-client',
      PAYPAL_CLIENT_SECRET: 'live-secret',
    });
    expect(config.isProduction).toBe(true);
    expect(config.trustProxy).toBe(1);
    expect(config.databaseUrl).toMatch(/^postgres/);
    // What the server writes lies inside what the units let it write.
    const writable = server.Service?.ReadWritePaths?.join(' ').split(/\s+/) ?? [];
    for (const folder of [config.dataDir, config.backup.dir])
      expect(writable.some((path) => folder === path || folder.startsWith(`${path}/`))).toBe(true);
  });

  it("runs each tool of the techhelp command as its npm script does, as the server's user with its settings", () => {
    const command = read('deploy/techhelp');
    const tools = /^\s*(\w+(?: \| \w+)*)\) ;;$/m.exec(command)?.[1]?.split(' | ') ?? [];
    expect(tools).toEqual(['doctor', 'admin', 'backup', 'restore']);
    expect(command).toContain('/usr/bin/node "dist/server/cli/$command.js" "$@"');
    for (const tool of tools) expect([tool, scripts[tool]]).toEqual([tool, `node dist/server/cli/${tool}.js`]);
    for (const property of ['User=techhelp', 'EnvironmentFile=/etc/techhelp/techhelp.env', 'WorkingDirectory=/opt/techhelp']) {
      expect(command).toContain(`--property=${property}`);
    }
  });

  it('has Caddy pass every request to the server the settings file sets up, with live updates unbuffered and no access log', () => {
    expect(caddyfile).toMatch(new RegExp(`^\\s*reverse_proxy ${environment.HOST}:${environment.PORT} \\{$`, 'm'));
    expect(caddyfile).toMatch(/^\s*flush_interval -1$/m);
    // The site's address is PUBLIC_URL's host.
    expect(caddyfile).toMatch(new RegExp(`^${new URL(environment.PUBLIC_URL ?? '').host.replaceAll('.', '\\.')} \\{$`, 'm'));
    // Caddy's access log would keep one-time links' tokens; the server's own log takes them out.
    expect(caddyfile.split('\n').filter((line) => /^\s*log\b/.test(line))).toEqual([]);
  });
});
