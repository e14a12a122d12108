import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from './postgres.js';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const name = `${inject('databasePrefix')}${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl, name, inject('templateDatabase'));
  return { name, url, drop: () => dropDatabase(serverUrl, name) };
}
