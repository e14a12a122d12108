import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InProcessApp } from './app.js';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** The part of MikroORM's connection every statement passes: it reports each one once it has run. */
interface LoggingConnection {
  logQuery(query: string, context?: unknown): void;
}

export interface StatementCounter {
  /** The SQL statements the in-process app ran while answering the requests `send` makes. */
  during(send: () => Promise<unknown>): Promise<string[]>;
  /** Puts the app's request listeners and the connection's log back. */
  restore(): void;
}

/**
 * Counts the SQL statements the app runs for HTTP requests, and only those: every request runs in
 * its own async context, and a statement reported by the ORM's connection counts when it was run
 * in such a context. The job queue, timers and the test's own fixture writes run outside any
 * request and so never count, whenever they happen to run.
 */
export function countStatements(app: InProcessApp): StatementCounter {
  const inRequest = new AsyncLocalStorage<true>();
  const server = app.app.server;
  const listeners = server.listeners('request') as RequestListener[];
  const wrapped = listeners.map((listener): RequestListener => (request, response) => inRequest.run(true, () => listener.call(server, request, response)));
  for (const listener of listeners) server.removeListener('request', listener);
  for (const listener of wrapped) server.on('request', listener);

  const connection = app.orm.em.getDriver().getConnection() as unknown as LoggingConnection;
  const logQuery = connection.logQuery;
  let statements: string[] | null = null;
  connection.logQuery = function (this: LoggingConnection, query, context) {
    if (statements && inRequest.getStore()) statements.push(query);
    logQuery.call(this, query, context);
  };

  return {
    async during(send) {
      statements = [];
      try {
        await send();
        return statements;
      } finally {
        statements = null;
      }
    },
    restore() {
      connection.logQuery = logQuery;
      for (const listener of wrapped) server.removeListener('request', listener);
      for (const listener of listeners) server.on('request', listener);
    },
  };
}
