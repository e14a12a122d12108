import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testAdmin, testSessionSecret } from './app.js';
import { HttpClient, type ClientOptions } from './http.js';
import { freePort } from './postgres.js';

/**
 * The real server as a separate OS process, started the way `npm run dev` starts it
 * (`node --import @swc-node/register/esm-register server/src/main.ts`): its own configuration from
 * the environment, its own connection pools, its own job worker (or none with JOB_CONCURRENCY=0).
 * For tests that need more than one process on one database, or a process that dies (SIGKILL).
 * Independent of vitest.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Lines of the child's output kept for error messages. */
const OUTPUT_LINES = 200;

export interface ServerProcessOptions {
  /** A migrated database (the server migrates again, a no-op, and seeds the admin if it is empty). */
  databaseUrl: string;
  /** Port of an SMTP capture on 127.0.0.1; without it mails go to DATA_DIR/mail-outbox. */
  smtpPort?: number;
  /** JOB_CONCURRENCY: 0 runs no job worker in this process (default 4, as the product). */
  jobConcurrency?: number;
  /** Further environment; wins over the defaults. */
  env?: Record<string, string>;
  /** How long the process may take until it answers HTTP (swc compiles on the fly: seconds). */
  startTimeoutMs?: number;
  /** Copies the child's output to this process's console as it arrives. */
  echo?: boolean;
  /** The port to listen on (default: a free one), e.g. a replica restarted where the balancer expects it. */
  port?: number;
}

/** How a server process ended: its exit code, or the signal that killed it. */
export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** PUBLIC_URL: http://127.0.0.1:<port>. */
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** The last lines of the child's stdout and stderr, interleaved. */
  output(): string;
  /** The last lines of the child's stderr. */
  stderr(): string;
  /** Everything the child has written to stdout (for tests that read its log lines). */
  stdout(): string;
  /** Whether the process has ended. */
  readonly exited: boolean;
  /** A new cookie-jar client against this server. */
  client(options?: ClientOptions): HttpClient;
  /** Sends the signal and waits until the process has ended (SIGKILL: no shutdown of any kind). */
  kill(signal?: NodeJS.Signals): Promise<ProcessEnd>;
  /** Sends the signal and returns at once (SIGTERM: the graceful shutdown runs while the test watches). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has ended, with its exit code or the signal that ended it. */
  ended(): Promise<ProcessEnd>;
  /** SIGTERM (the server's graceful shutdown), SIGKILL after the grace period; removes DATA_DIR. Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

/** Every child still running, with its stop (which also removes its DATA_DIR). */
const running = new Map<ChildProcess, () => Promise<void>>();
let exitHookInstalled = false;

/** Whatever happens to the test process, no server child outlives it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running.keys()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Stops every server process still running (for an afterAll that must leave nothing behind). */
export async function stopAllServerProcesses(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}

/** SIGTERM, then SIGKILL after the grace period; resolves when the child has ended. */
async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = exitOf(child);
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  child.kill('SIGTERM');
  await ended;
  clearTimeout(killer);
}

/** Resolves when the child has ended (at once when it already has). */
function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // 'error' without 'exit': the process could not be started at all.
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => {
      if (child.pid === undefined) resolve();
    });
  });
}

/** Only what the server needs from this process's environment, so nothing of the test runner leaks in. */
function baseEnv(): Record<string, string> {
  // LD_PRELOAD and FAKETIME: under `npm run test:clock` the server shares the moved clock.
  const keep = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT', 'LD_PRELOAD', 'FAKETIME'];
  const env: Record<string, string> = {};
  for (const name of keep) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export interface EndedStart {
  /** The exit code (null when it had to be killed after the timeout). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the product's start (`server/src/main.ts`) with exactly this environment (plus PATH and the
 * like) and waits until it ends, for tests of a start that must fail. Killed after `timeoutMs`.
 */
export async function runStartUntilExit(env: Record<string, string>, timeoutMs = 60_000): Promise<EndedStart> {
  installExitHook();
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'server/src/main.ts'], {
    cwd: root,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.set(child, () => stopChild(child, 2000));
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    await exitOf(child);
  } finally {
    clearTimeout(killer);
    running.delete(child);
  }
  return { code: child.exitCode, stdout, stderr };
}

/** Starts the server process and waits until it answers HTTP (GET /auth/me answers 401). */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  installExitHook();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bp-test-server-'));
  const env: Record<string, string> = {
    ...baseEnv(),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: testSessionSecret,
    ADMIN_EMAIL: testAdmin.id,
    ADMIN_PASSWORD: testAdmin.password,
    SEED_DEMO: 'false',
    CLIENT_DIST: path.join(dataDir, 'no-client'),
    // The test client stands in for a proxy on loopback: its X-Forwarded-For (ClientOptions.ip) counts.
    TRUST_PROXY: 'loopback',
    JOB_CONCURRENCY: String(options.jobConcurrency ?? 4),
    ...(options.smtpPort ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(options.smtpPort) } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const lines: string[] = [];
  const errorLines: string[] = [];
  let stdout = '';
  const keep = (target: string[], chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (!line) continue;
      target.push(line);
      if (target.length > OUTPUT_LINES) target.shift();
    }
  };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    keep(lines, chunk);
    if (options.echo) process.stdout.write(`[server ${port}] ${chunk}`);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    keep(lines, chunk);
    keep(errorLines, chunk);
    if (options.echo) process.stderr.write(`[server ${port}] ${chunk}`);
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const exited = exitOf(child);

  let stopped: Promise<void> | undefined;
  const stop = (graceMs = 15_000): Promise<void> => {
    stopped ??= (async () => {
      await stopChild(child, graceMs);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      running.delete(child);
    })();
    return stopped;
  };
  running.set(child, () => stop());

  const server: ServerProcess = {
    url,
    port,
    pid: child.pid ?? -1,
    child,
    output: () => lines.join('\n'),
    stderr: () => errorLines.join('\n'),
    stdout: () => stdout,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    client: (clientOptions) => new HttpClient(url, clientOptions),
    kill: async (signal = 'SIGKILL') => {
      if (!server.exited) child.kill(signal);
      return server.ended();
    },
    signal: (signal) => {
      if (!server.exited) child.kill(signal);
    },
    ended: async () => {
      await exited;
      return { code: child.exitCode, signal: child.signalCode };
    },
    stop,
  };

  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (spawnError) throw spawnError;
      if (server.exited) throw new Error(`beendet mit ${child.exitCode !== null ? `Code ${child.exitCode}` : child.signalCode}`);
      try {
        const response = await fetch(`${url}/auth/me`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 401) return server;
        throw new Error(`GET /auth/me antwortete ${response.status} statt 401`);
      } catch (error) {
        // Not listening yet (connection refused) is expected while it starts; a wrong answer is not.
        if (error instanceof Error && error.message.startsWith('GET /auth/me')) throw error;
      }
      if (Date.now() > deadline) throw new Error(`antwortet nach ${timeoutMs} ms nicht unter ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop(2000);
    throw new Error(`Serverprozess (PID ${child.pid}) nicht gestartet: ${(error as Error).message}\n--- Ausgabe (stdout und stderr) ---\n${server.output() || '(keine)'}`, { cause: error });
  }
}
