/**
 * How a domain describes its REST operations for the OpenAPI document (docs/api.md, "API reference"):
 * beside its routes, one entry per method and path. Input is named by the very zod schema from
 * `common/` the route parses with, so the document's input shapes come from the same place as the
 * server's checks; JSON Schema is written by hand only where zod's input cannot say it (lenient
 * `anyValue()` fields, transforms) or where there is no schema (answers).
 */
import type { z } from 'zod';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call an operation, as the security requirement of the document says it:
 * - `public`: no credential needed (a session or token only makes the caller known, where noted);
 * - `signedIn`: a session cookie or an API token (`Authorization: Bearer bpt_…`);
 * - `personal`: a session cookie of a person; API tokens are refused (token management, own account);
 * - `optional`: public, but a session or token widens what is shown or allowed.
 */
export type Access = 'public' | 'signedIn' | 'personal' | 'optional';

/** Input parsed with a zod schema; `fields` fill in what zod's input type leaves open (dotted paths, `*` for array items). */
export interface SchemaInput {
  schema: z.ZodType;
  /** JSON Schema per field path, merged over the generated one; a path the schema does not have is an error. */
  fields?: Record<string, JsonSchema>;
  /** Fields the schema does not parse itself but the route reads (`populate`, `public` of a list). */
  extra?: Record<string, JsonSchema>;
  /** Fields the schema adds itself while preprocessing, which no request sends. */
  omit?: string[];
}

/** A named example; `value` is parsed with the operation's schema in the tests, so it cannot drift. */
export interface Example {
  summary: string;
  value: unknown;
}

/** A query or header parameter described by hand (routes that read the query without a schema). */
export interface Parameter {
  name: string;
  in: 'query' | 'header';
  description: string;
  schema: JsonSchema;
  required?: boolean;
  example?: unknown;
}

export interface Body {
  /**
   * The zod schema the route parses the body with (examples are checked against it); `jsonSchema`
   * where the service reads the body field by field, or where the schema reshapes the body before
   * checking it (then `jsonSchema` is what the document shows).
   */
  input?: SchemaInput;
  jsonSchema?: JsonSchema;
  contentType?: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  required?: boolean;
  examples?: Record<string, Example>;
}

export interface Answer {
  description: string;
  /** JSON Schema of the answer, or a `$ref` to a component of the document. */
  schema?: JsonSchema;
  /** Default `application/json` when a schema is given. */
  contentType?: string;
  /** Further media types the same status answers with (an answer that is JSON in one case, text in another). */
  otherContent?: Record<string, JsonSchema>;
  example?: unknown;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI form: `/api/{tenantId}/bookings/{id}`. */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  /** The query, parsed with a zod schema (`fields` describe what the schema's input leaves open). */
  query?: SchemaInput & { example?: Record<string, string> };
  /** Query and header parameters the route reads without a schema. */
  parameters?: Parameter[];
  body?: Body;
  /** Success answers by status. */
  answers: Record<number, Answer>;
  /** Error statuses answered as problem+json besides those the builder adds (401 and 403 for signed-in access, 404 for paths with ids, 400 for input). */
  problems?: number[];
  /** Reached by browsers only (a redirect of a mailed link, a provider's return): shown, but not for scripts. */
  deprecated?: boolean;
}

/** One webhook event type as the document's `webhooks` show it: the schema of the body's `data`. */
export interface WebhookDescription {
  summary: string;
  description?: string;
  data: JsonSchema;
}

/**
 * How webhooks reach integrators: every type the code sends (the builder refuses a type without a
 * description and a description of no such type, so the document follows the code's list), the
 * headers of every request, and the types the delivering domain describes itself.
 */
export interface WebhookDelivery {
  types: readonly string[];
  headers: Parameter[];
  descriptions: Record<string, WebhookDescription>;
}

/** What one domain contributes: its tag, its component schemas and its operations. */
export interface ApiDomain {
  tag: { name: string; description: string };
  /** The file describing it, named by the completeness test when a path of this domain is missing. */
  source: string;
  schemas?: Record<string, JsonSchema>;
  operations: ApiOperation[];
  /** The webhook event types it sends, by type (`booking.created`). */
  webhooks?: Record<string, WebhookDescription>;
}

/** A reference to a component schema of the document. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Field schemas many operations share. */
export const fieldSchemas = {
  /** What `optionalInstant` reads: epoch milliseconds or an ISO 8601 instant. */
  instant: (description: string): JsonSchema => ({
    description: `${description} (ISO-8601-Zeitpunkt oder Millisekunden seit 1970)`,
    anyOf: [{ type: 'string', format: 'date-time' }, { type: 'string', pattern: '^-?\\d+$' }, { type: 'integer' }, { type: 'null' }],
  }),
  /** A query flag: `true` or `1` switches it on, anything else off. */
  flag: (description: string): JsonSchema => ({ description: `${description} (\`true\` oder \`1\`)`, type: 'string', enum: ['true', '1', 'false', '0'] }),
  text: (description: string): JsonSchema => ({ description, type: 'string' }),
  count: (description: string): JsonSchema => ({ description, type: 'string', pattern: '^\\d+$' }),
  /** A record's id (opaque text). */
  id: (description: string): JsonSchema => ({ description, type: 'string', maxLength: 200 }),
  /** A boolean flag of a JSON body (also `"true"` as text). */
  bool: (description: string): JsonSchema => ({ description, oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] }),
  /** A number of a JSON body, also as German text (`12,50`). */
  number: (description: string): JsonSchema => ({ description, oneOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }] }),
} as const;

/** The plain `text/plain` "OK" many writes of the original API answer. */
export const okText: Answer = { description: 'Erledigt.', schema: { type: 'string', example: 'OK' }, contentType: 'text/plain' };
/** A JSON object whose shape the section's description names. */
export const jsonObject = (description: string, schema: JsonSchema = { type: 'object', additionalProperties: true }): Answer => ({ description, schema });
/** A JSON array of one component. */
export const jsonList = (description: string, item: JsonSchema): Answer => ({ description, schema: { type: 'array', items: item } });

/** A JSON body the service reads field by field (no schema of its own in common/). */
export const jsonBody = (properties: Record<string, JsonSchema>, required: string[] = [], examples?: Record<string, Example>): Body => ({
  jsonSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
  ...(examples ? { examples } : {}),
});
/** An id in the path of a list: the path's item and the body's `userId`. */
export const anyJson = (description: string): Answer => jsonObject(description, {});
