import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from './postgres.js';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of the run's template (`empty`: no tables at all, not migrated). */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const name = `${inject('databasePrefix')}${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl, name, options.empty ? undefined : inject('templateDatabase'));
  return { name, url, drop: () => dropDatabase(serverUrl, name) };
}
