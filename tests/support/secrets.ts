/**
 * Nothing secret may leave the server. Every response the test HTTP
 * client receives is recorded here; tests/support/setup.ts checks a file's recordings after it ran.
 */
export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  body: string;
}

/** Keys that must never appear in an answer, at any depth. */
export const forbiddenKeys = ['passwordHash', 'password_hash', 'tokenHash', 'token_hash', 'secret', 'hooks', 'noreplyPassword', 'noreplyGraphClientSecret', 'paymentSecret', 'privateClientSecret', 'password'];

const recorded: RecordedResponse[] = [];

export function recordResponse(response: RecordedResponse): void {
  recorded.push(response);
}

export function recordedResponses(): readonly RecordedResponse[] {
  return recorded;
}

/** Forgets the recordings (test files share a worker's modules, so each file starts afresh). */
export function clearRecordedResponses(): void {
  recorded.length = 0;
}

/** Maps of field messages (validation errors) name fields, they carry no values. */
const messageMaps = ['errors', 'fieldErrors'];

function forbiddenKeysIn(value: unknown, path: string, found: string[], inMessages = false): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => forbiddenKeysIn(item, `${path}[${index}]`, found, inMessages));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (forbiddenKeys.includes(key) && !(inMessages && key === 'password')) found.push(`${path}.${key}`);
      forbiddenKeysIn(child, `${path}.${key}`, found, inMessages || messageMaps.includes(key));
    }
  }
}

/**
 * The answers that carry a secret on purpose: creating an API token shows its secret this once
 * (GraphQL createApiToken, REST POST api/{tenantId}/api-tokens), registering a webhook endpoint its
 * signing secret (GraphQL createWebhookEndpoint). Anywhere else it is a leak.
 */
const shownOnce = (response: RecordedResponse, key: string) =>
  (key === '$.data.createApiToken.secret' && response.path === '/graphql') ||
  (key === '$.data.createWebhookEndpoint.secret' && response.path === '/graphql') || (key === '$.secret' && response.method === 'POST' && /\/api-tokens$/.test(response.path));
const API_TOKEN_SECRET = /bpt_[A-Za-z0-9_-]{43}/;

/** Describes every secret found in the bodies (argon2 hashes, API token secrets and forbidden keys); empty when clean. */
export function findSecrets(responses: readonly RecordedResponse[]): string[] {
  const problems: string[] = [];
  for (const response of responses) {
    const where = `${response.method} ${response.path} (${response.status})`;
    if (response.body.includes('$argon2')) problems.push(`${where}: argon2 hash in body`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      continue;
    }
    const keys: string[] = [];
    forbiddenKeysIn(parsed, '$', keys);
    const shown = keys.filter((key) => shownOnce(response, key));
    keys.filter((key) => !shown.includes(key)).forEach((key) => problems.push(`${where}: forbidden key ${key}`));
    if (shown.length === 0 && API_TOKEN_SECRET.test(response.body)) problems.push(`${where}: API token secret in body`);
  }
  return problems;
}

/** The answers whose body holds `value` (a planted secret), as "METHOD path (status)". */
export function responsesContaining(responses: readonly RecordedResponse[], value: string): string[] {
  return responses.filter((response) => response.body.includes(value)).map((response) => `${response.method} ${response.path} (${response.status})`);
}
