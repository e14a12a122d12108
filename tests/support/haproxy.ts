import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * HAProxy as the product's load balancer, with the very configuration docker compose uses
 * (deploy/haproxy/haproxy.cfg), in the foreground on a loopback port, in front of fixed replica
 * addresses. Its runtime API (a Unix socket) tells the state of each replica's health check.
 * Needs the `haproxy` binary (Debian's package; `.ci/run` installs it). Independent of vitest, so
 * the benchmark uses it too.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const haproxyConfig = path.join(root, 'deploy/haproxy/haproxy.cfg');
const OUTPUT_LINES = 200;

/** The server names the configuration gives the fixed replicas, in order. */
export const replicaServerName = (index: number) => `replica${index + 1}`;
/** How many fixed replica addresses the configuration takes (REPLICA_1 … REPLICA_4). */
export const MAX_FIXED_REPLICAS = 4;

export interface HaproxyOptions {
  /** Port on 127.0.0.1 to accept HTTP at. */
  port: number;
  /** The replicas' addresses (host:port), at most MAX_FIXED_REPLICAS. */
  replicas: string[];
  /** The state every replica must reach before the start counts as done (default UP; DOWN for replicas that are not there). */
  startedWhenAll?: string;
}

export interface HaproxyProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** The last lines of its output (one log line per request). */
  output(): string;
  /** Each replica's health state as HAProxy sees it (UP, DOWN, NOLB, MAINT …), by server name. */
  serverStates(): Promise<Record<string, string>>;
  /** Waits until every replica is in the given state (UP: its /readyz answered 200 twice in a row). */
  waitForAll(state: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** One command to the runtime API; its whole answer. */
function runtimeCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(socketPath, () => socket.end(`${command}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function startHaproxy(options: HaproxyOptions): Promise<HaproxyProcess> {
  if (options.replicas.length === 0 || options.replicas.length > MAX_FIXED_REPLICAS) {
    throw new Error(`HAProxy: 1 bis ${MAX_FIXED_REPLICAS} Replikate, nicht ${options.replicas.length}`);
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bp-haproxy-'));
  const socketPath = path.join(workDir, 'runtime.sock');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
    BALANCER_BIND: `127.0.0.1:${options.port}`,
    STATS_SOCKET: socketPath,
  };
  options.replicas.forEach((address, index) => (env[`REPLICA_${index + 1}`] = address));
  // -db: foreground, no daemon; the log goes to stdout.
  const child = spawn('haproxy', ['-f', haproxyConfig, '-db'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES) lines.shift();
    }
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const ended = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const serverStates = async () => {
    const csv = await runtimeCommand(socketPath, 'show stat');
    const [header, ...rows] = csv.split('\n').filter(Boolean);
    const columns = header.replace(/^# /, '').split(',');
    const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[proxy] === 'replicas' && cells[server] !== 'BACKEND') states[cells[server]] = cells[status];
    }
    return states;
  };

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      process.removeListener('exit', killOnExit);
      if (!exited(child)) {
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        // SIGUSR1 would wait for every open connection; SIGTERM ends at once.
        child.kill('SIGTERM');
        await ended;
        clearTimeout(killer);
      }
      rmSync(workDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const balancer: HaproxyProcess = {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    child,
    output: () => lines.join('\n'),
    serverStates,
    waitForAll: async (state, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      let last: Record<string, string> = {};
      for (;;) {
        if (spawnError) throw spawnError;
        if (exited(child)) throw new Error(`HAProxy beendet (Code ${child.exitCode}):\n${balancer.output()}`);
        try {
          last = await serverStates();
          const names = options.replicas.map((_, index) => replicaServerName(index));
          if (names.every((name) => last[name] === state)) return;
        } catch {
          // The socket is not there yet while HAProxy starts.
        }
        if (Date.now() > deadline) throw new Error(`HAProxy: nicht alle Replikate ${state} nach ${timeoutMs} ms: ${JSON.stringify(last)}\n${balancer.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop,
  };
  try {
    await balancer.waitForAll(options.startedWhenAll ?? 'UP');
  } catch (error) {
    await stop();
    throw error;
  }
  return balancer;
}
