import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { apiDocument } from '../../server/src/api-document.js';

/**
 * Every REST answer a test receives through the test client is checked against the published API
 * document: its operation must document the status, and a JSON answer must fit the schema shown
 * for that status. Document and code cannot drift apart unnoticed.
 *
 * A mismatch throws where the test made the request. With OPENAPI_ANSWERS=record:<file> mismatches
 * are appended to the file instead (one JSON line each), to survey a whole run at once.
 */

type JsonSchema = Record<string, unknown>;
interface MediaType {
  schema?: JsonSchema;
}
interface Answer {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, Answer>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, JsonSchema>; responses?: Record<string, Answer> };
}

interface PathTemplate {
  template: string;
  pattern: RegExp;
  /** Characters outside parameters: the more, the more specific (`/bookings/status` before `/bookings/{id}`). */
  literalLength: number;
}

let loaded: { document: Document; templates: PathTemplate[]; ajv: Ajv2020 } | undefined;
const validators = new Map<string, ValidateFunction>();

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const document = apiDocument() as unknown as Document;
  const templates = Object.keys(document.paths)
    .map((template) => {
      const parts = template.split(/\{[^}]+\}/);
      const pattern = new RegExp(`^${parts.map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
      return { template, pattern, literalLength: parts.join('').length };
    })
    .sort((a, b) => b.literalLength - a.literalLength);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  loaded = { document, templates, ajv };
  return loaded;
}

/** The documented path template a request path belongs to, or undefined when the document does not describe it. */
export function documentedPath(path: string): string | undefined {
  const { templates } = load();
  return templates.find(({ pattern }) => pattern.test(path))?.template;
}

/** Why the answer does not fit the document, or null when it does (or the document does not describe the path). */
export function answerMismatch(method: string, url: string, status: number, contentType: string, json: unknown): string | null {
  const { document, ajv } = load();
  const path = new URL(url, 'http://localhost').pathname;
  const template = documentedPath(path);
  if (!template) return null;
  // HEAD is answered as GET without a body (HTTP's rule; the document lists GET).
  const head = method.toUpperCase() === 'HEAD';
  const operation = document.paths[template][head ? 'get' : method.toLowerCase()];
  // A method the document does not describe must be refused (405, or 400 for a malformed request), never served.
  if (!operation) return status >= 400 && status < 500 ? null : `${method} ${template}: the document has no such operation (answered ${status})`;
  const declared = operation.responses[String(status)] ?? operation.responses.default;
  if (!declared) return `${method} ${template}: ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
  const answer = declared.$ref ? document.components.responses?.[declared.$ref.replace('#/components/responses/', '')] : declared;
  const content = answer?.content;
  if (!content) return null;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  // A documented range (`*/*`, `text/*`) takes every type it spans.
  const media = content[mediaType] ?? content[`${mediaType.split('/')[0]}/*`] ?? content['*/*'];
  if (!media) return `${method} ${template} ${status}: answered ${mediaType || 'no content type'}, documented ${Object.keys(content).join(', ')}`;
  if (head || !media.schema || !mediaType.endsWith('json') || json === undefined) return null;
  const key = `${method} ${template} ${status} ${mediaType}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...media.schema, components: document.components });
    validators.set(key, validate);
  }
  if (validate(json)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  return `${key}: the answer does not fit the documented schema: ${errors.join('; ')}`;
}

/** Checks one answer: throws on a mismatch, or records it when OPENAPI_ANSWERS=record:<file>. */
export function checkAnswer(method: string, url: string, status: number, contentType: string, json: unknown): void {
  const mismatch = answerMismatch(method, url, status, contentType, json);
  if (!mismatch) return;
  const mode = process.env.OPENAPI_ANSWERS ?? '';
  if (mode.startsWith('record:')) {
    appendFileSync(mode.slice('record:'.length), `${JSON.stringify({ mismatch, test: runningTest() })}\n`);
    return;
  }
  throw new Error(`The answer contradicts the API document: ${mismatch}`);
}

/** The running test's name, for the survey file. */
function runningTest(): string {
  const state = expect.getState();
  return `${state.testPath ?? ''} › ${state.currentTestName ?? ''}`;
}
