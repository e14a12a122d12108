import { describe, expect, it } from 'vitest';
import { clientInputError, unavailableError } from './problem.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('unavailableError: the database cannot be reached', () => {
  it.each<[string, unknown]>([
    ['a refused connection (both addresses tried)', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')])],
    ['a session ended by a server shutdown (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly')],
    ["the pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    ["knex's acquire timeout", new Error('Knex: Timeout acquiring a connection. The pool is probably full.')],
    ['a MikroORM wrapper around a driver error', Object.assign(new Error('wrapped'), { name: 'DriverException', previous: withCode('terminating connection due to administrator command', '57P01') })],
    ["MikroORM's ConnectionException", Object.assign(new Error('connect failed'), { name: 'ConnectionException' })],
    ['an error whose cause is a reset socket', new Error('query failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
  ])('%s is service.unavailable (503)', (_case, error) => {
    const unavailable = unavailableError(error);
    expect(unavailable?.code).toBe('service.unavailable');
    expect(unavailable?.status).toBe(503);
    expect(unavailable?.extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(unavailable?.message).toBe('Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.');
  });

  it.each<[string, unknown]>([
    ['a NUL byte in the SQL (08P01)', withCode('invalid message format \u0000', '08P01')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a malformed value', withCode('invalid input syntax for type uuid', '22P02')],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['nothing', undefined],
  ])('%s is not', (_case, error) => {
    expect(unavailableError(error)).toBeUndefined();
  });

  it('a NUL byte stays the client’s mistake', () => {
    expect(clientInputError(withCode('invalid message format \u0000', '08P01'))?.code).toBe('generic.validation');
  });
});
