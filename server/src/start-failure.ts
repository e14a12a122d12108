import path from 'node:path';
import { EmbeddedPostgresStartError } from './db/embedded.js';

/** What the start knew when it failed; every field is optional because a start can fail early. */
export interface StartContext {
  /** PORT and HOST of the HTTP server. */
  port?: number;
  host?: string;
  embeddedPostgresPort?: number;
  /** Set when DATABASE_URL is; its password is never repeated. */
  databaseUrl?: string;
  dataDir?: string;
  filesDir?: string;
}

type ErrorFields = { code?: unknown; syscall?: unknown; path?: unknown; port?: unknown; address?: unknown; message?: unknown };

/** Network errors that mean "the database server cannot be reached" (DNS, refused, timeouts, routes). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
/** File system errors that mean "this folder cannot be written". */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/** The error and what it wraps (cause, MikroORM's previous, AggregateError's first error), outermost first. */
function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && chain.length < 6 && !chain.includes(current)) {
    chain.push(current);
    if (typeof current !== 'object') break;
    const { cause, previous, errors } = current as { cause?: unknown; previous?: unknown; errors?: unknown };
    current = cause ?? previous ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return chain;
}

const fieldsOf = (error: unknown): ErrorFields => (error && typeof error === 'object' ? (error as ErrorFields) : {});
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const isInside = (file: string, folder: string | undefined) => folder !== undefined && (file === folder || file.startsWith(folder + path.sep));

/** host:port, user and database of DATABASE_URL, without the password. */
function describeDatabaseUrl(databaseUrl: string): { server: string; user: string; database: string } {
  try {
    const url = new URL(databaseUrl);
    return { server: `${url.hostname}:${url.port || '5432'}`, user: decodeURIComponent(url.username) || '(ohne Benutzer)', database: decodeURIComponent(url.pathname.slice(1)) || 'postgres' };
  } catch {
    return { server: '(ungültige Adresse)', user: '', database: '' };
  }
}

/** The last line PostgreSQL logged as FATAL, PANIC or ERROR, else its last line. */
function lastPostgresMessage(log: string): string {
  const lines = log.split('\n').filter(Boolean);
  return [...lines].reverse().find((line) => /\b(FATAL|PANIC|ERROR|FEHLER)\b/.test(line)) ?? lines.at(-1) ?? 'ohne Meldung';
}

function embeddedPostgresMessage(error: EmbeddedPostgresStartError, context: StartContext): string {
  if (error.reason === 'port-in-use') {
    return (
      `Der Port ${error.port} für das eingebettete PostgreSQL ist belegt (läuft die Buchungsplattform schon, oder ein anderes PostgreSQL?). ` +
      'Beenden Sie das andere Programm, wählen Sie mit EMBEDDED_PG_PORT einen freien Port, oder nennen Sie mit DATABASE_URL eine eigene Datenbank.'
    );
  }
  const folder = context.dataDir ? path.join(context.dataDir, 'postgres') : 'DATA_DIR/postgres';
  return `Das eingebettete PostgreSQL (Port ${error.port}, Daten in ${folder}) ist beim Start beendet: ${lastPostgresMessage(error.log)}. Prüfen Sie DATA_DIR und EMBEDDED_PG_PORT.`;
}

function listenMessage(fields: ErrorFields, context: StartContext): string | undefined {
  const port = typeof fields.port === 'number' ? fields.port : context.port;
  const host = textOf(fields.address) ?? context.host ?? '0.0.0.0';
  if (fields.code === 'EADDRINUSE') return `Der HTTP-Port ${port} ist belegt (${host}). Beenden Sie das Programm, das ihn nutzt, oder wählen Sie mit PORT einen anderen Port.`;
  if (fields.code === 'EACCES') return `Keine Berechtigung, den HTTP-Port ${port} zu öffnen (Ports unter 1024 brauchen besondere Rechte). Wählen Sie mit PORT einen Port ab 1024.`;
  if (fields.code === 'EADDRNOTAVAIL') return `Die Adresse ${host} gibt es auf diesem Rechner nicht. Prüfen Sie HOST.`;
  return undefined;
}

function databaseUrlMessage(fields: ErrorFields, databaseUrl: string): string | undefined {
  const { server, user, database } = describeDatabaseUrl(databaseUrl);
  const detail = textOf(fields.message);
  if (typeof fields.code === 'string' && UNREACHABLE.has(fields.code)) {
    return `Die Datenbank aus DATABASE_URL (${server}) ist nicht erreichbar (${fields.code}). Prüfen Sie DATABASE_URL und ob der PostgreSQL-Server dort läuft.`;
  }
  // SQLSTATE class 28: invalid authorization (wrong password, no pg_hba.conf entry).
  if (fields.code === '28P01' || fields.code === '28000') {
    return `PostgreSQL (${server}) hat die Anmeldung als "${user}" abgelehnt${detail ? `: ${detail}` : ''}. Prüfen Sie Benutzer und Passwort in DATABASE_URL.`;
  }
  if (fields.code === '3D000') return `Die Datenbank "${database}" gibt es auf ${server} nicht${detail ? ` (${detail})` : ''}. Prüfen Sie DATABASE_URL.`;
  if (fields.code === '42501') {
    return `Der Benutzer "${user}" darf auf ${server} die Datenbank "${database}" nicht anlegen oder nutzen${detail ? ` (${detail})` : ''}. Legen Sie sie an, geben Sie ihm die Rechte, oder prüfen Sie DATABASE_URL.`;
  }
  return undefined;
}

function fileSystemMessage(fields: ErrorFields, context: StartContext): string | undefined {
  const file = textOf(fields.path);
  if (!file || typeof fields.code !== 'string') return undefined;
  if (fields.code === 'ENOSPC') return `Kein Speicherplatz mehr für ${file}. Schaffen Sie Platz oder wählen Sie mit DATA_DIR einen anderen Ordner.`;
  if (!NOT_WRITABLE.has(fields.code)) return undefined;
  const resolved = path.resolve(file);
  // A folder above DATA_DIR that cannot be written also stops DATA_DIR from being created.
  if (context.filesDir && isInside(resolved, context.filesDir)) {
    return `Der Ordner für hochgeladene Dateien ist nicht beschreibbar: ${file} (${fields.code}). Prüfen Sie die Rechte oder wählen Sie mit FILES_DIR einen anderen Ordner.`;
  }
  if (context.dataDir && (isInside(resolved, context.dataDir) || isInside(context.dataDir, resolved))) {
    return `Der Datenordner ${context.dataDir} ist nicht beschreibbar (${fields.code} bei ${file}). Prüfen Sie die Rechte oder wählen Sie mit DATA_DIR einen anderen Ordner.`;
  }
  return `Keine Berechtigung für ${file} (${fields.code}). Prüfen Sie die Rechte dieser Datei oder dieses Ordners.`;
}

/** The error's own words: its message, else its name and code; never "undefined". */
function ownMessage(error: unknown): string {
  if (error === undefined || error === null) return 'Unbekannter Fehler ohne Meldung.';
  if (typeof error !== 'object') return String(error).trim() || 'Unbekannter Fehler ohne Meldung.';
  const fields = fieldsOf(error);
  const message = chainOf(error)
    .map((link) => textOf(fieldsOf(link).message))
    .find(Boolean);
  if (message) return message;
  const name = error instanceof Error ? error.name : 'Fehler';
  return typeof fields.code === 'string' ? `${name} (${fields.code}) ohne Meldung.` : `${name} ohne Meldung.`;
}

export interface StartFailure {
  /** German, for the console after "Start fehlgeschlagen:". */
  message: string;
  /** False when only the error's own words were left: the caller then also prints the stack. */
  recognised: boolean;
}

/**
 * Why the start failed, in German, naming what to change: the port of the embedded PostgreSQL
 * (EMBEDDED_PG_PORT), the HTTP port (PORT, HOST), the database (DATABASE_URL), the folders
 * (DATA_DIR, FILES_DIR); anything else in the error's own words. Pure: the caller prints it.
 */
export function describeStartFailure(error: unknown, context: StartContext = {}): StartFailure {
  for (const link of chainOf(error)) {
    if (link instanceof EmbeddedPostgresStartError) return { message: embeddedPostgresMessage(link, context), recognised: true };
    const fields = fieldsOf(link);
    const message =
      (fields.syscall === 'listen' ? listenMessage(fields, context) : undefined) ??
      (context.databaseUrl && fields.syscall !== 'listen' ? databaseUrlMessage(fields, context.databaseUrl) : undefined) ??
      fileSystemMessage(fields, context);
    if (message) return { message, recognised: true };
  }
  return { message: ownMessage(error), recognised: false };
}
