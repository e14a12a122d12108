import { createServer, type Server } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EmbeddedPostgresStartError } from './db/embedded.js';
import { describeStartFailure, type StartContext } from './start-failure.js';

/** Every failed start names what failed and what to change, never "undefined". */
const dataDir = path.resolve('/srv/buchung/data');
const context: StartContext = { port: 4000, host: '0.0.0.0', embeddedPostgresPort: 54329, dataDir, filesDir: path.join(dataDir, 'files') };
const withDatabaseUrl: StartContext = { ...context, databaseUrl: 'postgresql://buchung:streng-geheim@db.example:6543/buchung' };

const errnoError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

function listening(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;
const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the embedded PostgreSQL', () => {
  it('a taken port names the port and EMBEDDED_PG_PORT', () => {
    const failure = describeStartFailure(new EmbeddedPostgresStartError(54329, 'port-in-use', ''), context);
    expect(failure).toEqual({ recognised: true, message: expect.stringContaining('Der Port 54329 für das eingebettete PostgreSQL ist belegt') });
    expect(failure.message).toContain('EMBEDDED_PG_PORT');
  });

  it('a server that ended names its last complaint and DATA_DIR', () => {
    const log = 'LOG:  starting PostgreSQL 18\nFATAL:  database files are incompatible with server\nLOG:  database system is shut down';
    const { message } = describeStartFailure(new EmbeddedPostgresStartError(54329, 'ended', log), context);
    expect(message).toContain('FATAL:  database files are incompatible with server');
    expect(message).toContain(path.join(dataDir, 'postgres'));
    expect(message).toContain('DATA_DIR');
  });
});

describe('the HTTP port', () => {
  it('a port taken for real names it and PORT', async () => {
    const holder = await listening();
    const port = portOf(holder);
    const second = createServer();
    const error = await new Promise<unknown>((resolve) => {
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
    await closed(holder);
    const { message, recognised } = describeStartFailure(error, { ...context, port });
    expect(recognised).toBe(true);
    expect(message).toBe(`Der HTTP-Port ${port} ist belegt (127.0.0.1). Beenden Sie das Programm, das ihn nutzt, oder wählen Sie mit PORT einen anderen Port.`);
  });

  it('a privileged port and an unknown address name PORT and HOST', () => {
    expect(describeStartFailure(errnoError('listen EACCES: permission denied 0.0.0.0:80', { code: 'EACCES', syscall: 'listen', port: 80 }), context).message).toContain('mit PORT einen Port ab 1024');
    expect(describeStartFailure(errnoError('listen EADDRNOTAVAIL', { code: 'EADDRNOTAVAIL', syscall: 'listen', address: '10.9.9.9', port: 4000 }), context).message).toContain(
      'Die Adresse 10.9.9.9 gibt es auf diesem Rechner nicht. Prüfen Sie HOST.',
    );
  });
});

describe('DATABASE_URL', () => {
  it('an unreachable server (a real refused connection) names DATABASE_URL and its host, never the password', async () => {
    const free = await listening();
    const port = portOf(free);
    await closed(free);
    const client = new pg.Client({ connectionString: `postgresql://buchung:streng-geheim@127.0.0.1:${port}/buchung` });
    client.on('error', () => undefined);
    const error = await client.connect().then(
      () => undefined,
      (refused: unknown) => refused,
    );
    const { message } = describeStartFailure(error, { ...withDatabaseUrl, databaseUrl: `postgresql://buchung:streng-geheim@127.0.0.1:${port}/buchung` });
    expect(message).toBe(`Die Datenbank aus DATABASE_URL (127.0.0.1:${port}) ist nicht erreichbar (ECONNREFUSED). Prüfen Sie DATABASE_URL und ob der PostgreSQL-Server dort läuft.`);
  });

  it('a refused connection wrapped in an AggregateError is found too', () => {
    const aggregate = Object.assign(new AggregateError([errnoError('connect ECONNREFUSED ::1:6543', { code: 'ECONNREFUSED', syscall: 'connect' })], ''), { code: 'ECONNREFUSED' });
    expect(describeStartFailure(aggregate, withDatabaseUrl).message).toContain('DATABASE_URL (db.example:6543) ist nicht erreichbar (ECONNREFUSED)');
  });

  it('a refused sign-in names the user and DATABASE_URL, never the password', () => {
    const { message } = describeStartFailure(errnoError('password authentication failed for user "buchung"', { code: '28P01' }), withDatabaseUrl);
    expect(message).toBe(
      'PostgreSQL (db.example:6543) hat die Anmeldung als "buchung" abgelehnt: password authentication failed for user "buchung". Prüfen Sie Benutzer und Passwort in DATABASE_URL.',
    );
    expect(message).not.toContain('streng-geheim');
  });

  it('missing rights to create the database name it', () => {
    expect(describeStartFailure(errnoError('permission denied to create database', { code: '42501' }), withDatabaseUrl).message).toContain('Der Benutzer "buchung" darf auf db.example:6543 die Datenbank "buchung" nicht anlegen');
  });
});

describe('folders', () => {
  it('DATA_DIR or a folder above it that cannot be written names DATA_DIR', () => {
    const inside = describeStartFailure(errnoError('EACCES: permission denied', { code: 'EACCES', syscall: 'open', path: path.join(dataDir, 'session-secret') }), context);
    expect(inside).toEqual({ recognised: true, message: `Der Datenordner ${dataDir} ist nicht beschreibbar (EACCES bei ${path.join(dataDir, 'session-secret')}). Prüfen Sie die Rechte oder wählen Sie mit DATA_DIR einen anderen Ordner.` });
    expect(describeStartFailure(errnoError('EROFS', { code: 'EROFS', syscall: 'mkdir', path: path.dirname(dataDir) }), context).message).toContain('mit DATA_DIR einen anderen Ordner');
  });

  it('the files folder names FILES_DIR', () => {
    expect(describeStartFailure(errnoError('EACCES', { code: 'EACCES', syscall: 'mkdir', path: path.join(dataDir, 'files', 'mandant') }), context).message).toContain('FILES_DIR');
  });
});

describe('anything else', () => {
  it('says the error in its own words and asks for the stack', () => {
    expect(describeStartFailure(new Error('Migration 0042 ist kaputt'), context)).toEqual({ message: 'Migration 0042 ist kaputt', recognised: false });
    // Refused connections of the embedded database are not about DATABASE_URL.
    expect(describeStartFailure(errnoError('connect ECONNREFUSED 127.0.0.1:54329', { code: 'ECONNREFUSED' }), context).message).toBe('connect ECONNREFUSED 127.0.0.1:54329');
  });

  it('never answers "undefined": nothing, an empty error and a wrapped message all get words', () => {
    for (const nothing of [undefined, null, '']) {
      const { message } = describeStartFailure(nothing, context);
      expect(message).toBe('Unbekannter Fehler ohne Meldung.');
    }
    expect(describeStartFailure(errnoError('', { code: 'EWHATEVER' }), context).message).toBe('Error (EWHATEVER) ohne Meldung.');
    expect(describeStartFailure(new Error('', { cause: new Error('innen') }), context).message).toBe('innen');
  });
});
