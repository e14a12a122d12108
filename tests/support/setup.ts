import 'reflect-metadata';
import { afterAll, beforeAll, expect } from 'vitest';
import { clearRecordedResponses, findSecrets, recordedResponses } from './secrets.js';

// Every response body a test file receives through the test HTTP client: no hash, no secret.
beforeAll(() => {
  clearRecordedResponses();
});
afterAll(() => {
  expect(findSecrets(recordedResponses())).toEqual([]);
});
