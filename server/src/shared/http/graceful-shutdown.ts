import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { settledWithin } from '../wait.js';

/** WebSocket close code "Service Restart": graphql-ws clients take it as a reason to connect again. */
export const SERVICE_RESTART_CLOSE_CODE = 1012;
export const SERVICE_RESTART_REASON = 'Der Server startet neu';

/** What the drain had to cut when the grace period ran out. */
export interface DrainOutcome {
  /** Requests still running at the end of the grace period (their connections were destroyed). */
  cutRequests: number;
  /** Connections of any kind (HTTP, WebSocket) destroyed at the end of the grace period. */
  cutConnections: number;
}

/**
 * The HTTP side of a graceful shutdown, so that a replica leaving a load balancer loses no request.
 * It refuses only where a refusal is safe to retry (a new connection, on which nothing was sent yet)
 * and answers whatever arrives on an open connection:
 *
 * - readiness (`state()`) fails at once, so the balancer takes the replica out;
 * - every answer from now on carries `Connection: close`, so each open connection ends after its
 *   next answer; a request a balancer still sends on a kept-alive connection before its health check
 *   noticed is answered, not reset;
 * - idle keep-alive connections are not cut: closing one races with a request the client may be
 *   sending on it that very moment (the client sees a reset). They end after their next answer, or
 *   by the keep-alive timeout the server announces in every answer (`Keep-Alive: timeout=5`), which
 *   clients already keep clear of;
 * - the server stops listening as soon as no request runs, so new connections are refused from then
 *   on (a balancer passes a refused connection to another replica);
 * - WebSocket connections are closed with 1012 "Service Restart" (their clients reconnect, behind a
 *   balancer to another replica), and upgrades during the drain are refused with 503;
 * - when every connection has ended the drain is done; when the grace period ends first, whatever
 *   is left is destroyed.
 */
export class HttpDrain {
  private draining = false;
  private listening = true;
  private readonly running = new Set<Response>();
  private readonly sockets = new Set<Socket>();
  private readonly closed: Promise<void>;

  constructor(
    private readonly server: Server,
    private readonly wsServer: WebSocketServer,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.closed = new Promise((resolve) => server.once('close', () => resolve()));
  }

  /** For the readiness check: failing from the moment the drain began. */
  state(): { ok: boolean; detail: string } {
    return this.draining ? { ok: false, detail: 'fährt herunter' } : { ok: true, detail: 'nimmt Anfragen an' };
  }

  /** The first middleware: counts running requests and, while draining, ends each connection after its answer. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    this.running.add(res);
    res.once('close', () => {
      this.running.delete(res);
      if (this.draining && this.running.size === 0) this.stopListening();
    });
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };

  /** During the drain an upgrade gets 503 (the client reconnects elsewhere); true when it was refused. */
  refuseUpgrade(socket: Duplex): boolean {
    if (!this.draining) return false;
    socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\nRetry-After: 5\r\n\r\n');
    return true;
  }

  /** Runs the drain; resolves when every connection has ended, at the latest after `graceMs`. */
  async drain(graceMs: number): Promise<DrainOutcome> {
    if (!this.draining) {
      this.draining = true;
      for (const res of this.running) if (!res.headersSent) res.setHeader('Connection', 'close');
      for (const client of this.wsServer.clients) client.close(SERVICE_RESTART_CLOSE_CODE, SERVICE_RESTART_REASON);
      if (this.running.size === 0) this.stopListening();
    }
    if (await settledWithin(this.closed, graceMs)) return { cutRequests: 0, cutConnections: 0 };

    const outcome = { cutRequests: this.running.size, cutConnections: this.sockets.size };
    this.stopListening();
    for (const client of this.wsServer.clients) client.terminate();
    for (const socket of this.sockets) socket.destroy();
    await this.closed;
    return outcome;
  }

  private stopListening(): void {
    if (!this.listening) return;
    this.listening = false;
    // net.Server's own close: stops listening and emits 'close' once every connection has ended.
    // http.Server's close would also cut the idle keep-alive connections at once (see above). The
    // callback's error (the server never listened) needs no handling: 'close' is emitted either way.
    NetServer.prototype.close.call(this.server, () => undefined);
  }
}
