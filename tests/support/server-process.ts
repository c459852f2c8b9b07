import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { temporaryDirectory } from './config.ts';

export const SERVER_ENTRY = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

/**
 * Node's flags for the app's processes the tests start (servers, the command-line tools). The embedded database
 * is PostgreSQL compiled to WebAssembly; V8 compiles its functions quickly first, then again with its optimising
 * compiler once they have run a while. PostgreSQL's start-up code runs long enough for that, on background
 * threads: about 1.1 CPU-seconds a start, for a server most tests use for a few seconds. A hundred times V8's
 * default budget keeps the optimising compiler for what stays hot (0.55 CPU-seconds a start, measured); the code
 * run is the same. The tests start about sixty processes (decision 017).
 */
export const NODE_FLAGS = ['--wasm-tiering-budget=180000000', ...baselineWasmFlag()];

/** `--liftoff-only`, as `npm start` and the deploy unit start the server, where the CPU has what it needs (SSE4.1). */
function baselineWasmFlag(): string[] {
  if (process.arch === 'arm64') return ['--liftoff-only'];
  try {
    return /^flags\s*:.*\bsse4_1\b/m.test(readFileSync('/proc/cpuinfo', 'utf8')) ? ['--liftoff-only'] : [];
  } catch {
    return [];
  }
}

export type ServerProcess = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Sends a signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export type ExitedProcess = { code: number | null; stdout: string; stderr: string };

function assertBuilt() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build before these tests`);
}

function serverEnv(env: Record<string, string>, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // A nightly backup at start would hold the embedded database for a moment in tests that time the app;
    // the backup tests turn it on.
    BACKUP_NIGHTLY: 'false',
    ...env,
  };
}

/** Spawns a server process, collecting everything it prints. */
function spawnServer(entry: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output(): string } {
  const child = spawn(process.execPath, [...NODE_FLAGS, entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/**
 * A fresh DATA_DIR: a copy of the run's migrated embedded database (tests/support/migrated-database.ts) where the
 * test project's global set-up provides one, so that a server or a test file's PGlite skips creating its database;
 * an empty folder otherwise.
 */
export function freshDataDir(): string {
  const dataDir = temporaryDirectory();
  let template = '';
  try {
    template = inject('pgliteDataDir') ?? '';
  } catch {
    // Outside a test run (the Lighthouse script): the server creates its database itself.
  }
  if (template) cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** Starts the built server (dist/server/main.js) as its own process and waits until it prints its address. */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; timeoutMs?: number; entry?: string } = {},
): Promise<ServerProcess> {
  if (!options.entry) assertBuilt();
  const dataDir = options.dataDir ?? freshDataDir();
  const { child, output: outputSoFar } = spawnServer(options.entry ?? SERVER_ENTRY, serverEnv(options.env ?? {}, dataDir));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never got ready must not live on holding its DATA_DIR lock.
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${options.timeoutMs ?? 60_000} ms:\n${outputSoFar()}`));
    }, options.timeoutMs ?? 60_000);
    const check = () => {
      const match = /running at (http:\/\/localhost:\d+)/.exec(outputSoFar());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code} before it was ready:\n${outputSoFar()}`));
    });
  });

  return {
    url,
    dataDir,
    child,
    output: outputSoFar,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the built server expecting it to refuse to start; resolves with how it ended. */
export async function runServerExpectingExit(env: Record<string, string>, dataDir = temporaryDirectory()): Promise<ExitedProcess> {
  assertBuilt();
  const child = spawn(process.execPath, [...NODE_FLAGS, SERVER_ENTRY], { env: serverEnv(env, dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/**
 * Starts the built server and kills it with SIGKILL after `afterMs`, whether it has finished starting or not: a
 * crash in the middle of opening the database (recovery, migrations). Resolves with how far it had got.
 */
export async function killDuringStart(
  options: { env?: Record<string, string>; dataDir: string },
  afterMs: number,
): Promise<{ ready: boolean; exitedByItself: number | null; output: string }> {
  assertBuilt();
  const { child, output: outputSoFar } = spawnServer(SERVER_ENTRY, serverEnv(options.env ?? {}, options.dataDir));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, afterMs))]);
  const exitedByItself = child.exitCode;
  const ready = /running at/.test(outputSoFar());
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
  return { ready, exitedByItself, output: outputSoFar() };
}
