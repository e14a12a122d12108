import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logSettingsOf, serializeError, withoutMailAddresses } from './logging.js';

describe('log settings', () => {
  it('writes JSON in production and test, readable lines in development', () => {
    expect(logSettingsOf({ NODE_ENV: 'production' }).format).toBe('json');
    expect(logSettingsOf({ NODE_ENV: 'test' }).format).toBe('json');
    expect(logSettingsOf({}).format).toBe('pretty');
  });

  it('takes LOG_LEVEL, defaulting to info (warn for tests)', () => {
    expect(logSettingsOf({ NODE_ENV: 'production' }).level).toBe('info');
    expect(logSettingsOf({ NODE_ENV: 'production', LOG_LEVEL: 'DEBUG' }).level).toBe('debug');
    expect(logSettingsOf({ NODE_ENV: 'test' }).level).toBe('warn');
    expect(logSettingsOf({ NODE_ENV: 'test', LOG_LEVEL: 'info' }).level).toBe('info');
  });
});

describe('errors in log lines', () => {
  it('blank out mail addresses, as an SMTP refusal names its recipients', () => {
    expect(withoutMailAddresses("Can't send mail - all recipients were rejected: 550 <erika.mustermann@example.com>: unknown")).toBe(
      "Can't send mail - all recipients were rejected: 550 <<Adresse>>: unknown",
    );
  });

  it('keep type, code, message and stack, never further properties such as a database detail', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_pkey"'), { code: '23505', detail: 'Key (id)=(erika@example.com) already exists.' });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({ type: 'Error', code: '23505', message: 'duplicate key value violates unique constraint "users_pkey"' });
    expect(JSON.stringify(serialized)).not.toContain('erika');
  });

  it("keep only the database's own message of an ORM error, not the SQL with its values", () => {
    const error = Object.assign(new Error(`insert into "users" ("id", "first_name") values ('erika@example.com', 'Erika') - duplicate key value violates unique constraint`), {
      name: 'UniqueConstraintViolationException',
      sqlState: '23505',
    });
    const serialized = serializeError(error);
    expect(serialized.message).toBe('duplicate key value violates unique constraint');
    expect(JSON.stringify(serialized)).not.toMatch(/erika|Erika/);
  });

  it('serialize what is no error as text', () => {
    expect(serializeError('kaputt')).toEqual({ type: 'string', message: 'kaputt' });
  });
});

describe('the logger', () => {
  it('writes one JSON line with the level name and redacts fields that hold personal data', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: 'info', format: 'json' }, sink);
    logger.info({ user: { mail: 'erika@example.com', password: 'geheim' }, count: 2 }, 'gezählt');
    logger.debug('unter dem Level');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', msg: 'gezählt', count: 2 });
    expect(lines[0]).not.toContain('erika');
    expect(lines[0]).not.toContain('geheim');
  });
});
