/**
 * Composes the OpenAPI 3.1 document from the operations the domains describe (operation.ts). Knows
 * no domain: the composition root hands the domains' descriptions in. Input schemas are converted
 * from zod with `z.toJSONSchema(…, { io: 'input' })`, so the document shows what a request may send,
 * not what the server makes of it.
 */
import { z } from 'zod';
import { errorCatalogue } from '../errors.js';
import type { Access, ApiDomain, ApiOperation, Answer, JsonSchema, SchemaInput, WebhookDelivery, WebhookDescription } from './operation.js';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** Path parameters every path shares, described once. */
const PATH_PARAMETERS: Record<string, string> = {
  tenantId: 'Kennung des Mandanten (z. B. `rathaus`)',
  id: 'Kennung des Eintrags',
  hookId: 'Kennung des Bestätigungslinks aus der E-Mail',
  receiptId: 'Kennung des Belegs',
  token: 'Geheimer Teil der Abo-Adresse (`bpc_…`)',
  transactionId: 'Kennung der Zahlung',
};

/** The error statuses and the catalogue code shown as their example. */
const PROBLEM_STATUSES: Record<number, { description: string; code: keyof typeof errorCatalogue }> = {
  400: { description: 'Ungültige Eingabe; `errors` nennt jedes falsche Feld mit seiner Meldung.', code: 'generic.validation' },
  401: { description: 'Nicht angemeldet, oder API-Token unbekannt, widerrufen oder abgelaufen.', code: 'auth.unauthenticated' },
  403: { description: 'Keine Berechtigung (auch: Token eines anderen Mandanten, websiteübergreifende Anfrage).', code: 'auth.forbidden' },
  404: { description: 'Nicht gefunden (auch: Eintrag eines anderen Mandanten).', code: 'generic.not-found' },
  405: { description: 'Hier nicht verfügbar (z. B. der öffentliche Buchungsstatus, den der Mandant nicht freigeschaltet hat).', code: 'booking.public-status-disabled' },
  409: { description: 'Konflikt mit dem gespeicherten Stand.', code: 'tenant.last-owner' },
  413: { description: 'Anfrage zu groß.', code: 'generic.payload-too-large' },
  422: { description: 'Der `Idempotency-Key` gehört zu einer anderen Anfrage; für jeden neuen Versuch einen neuen Schlüssel senden.', code: 'booking.idempotency-key-reused' },
  429: { description: 'Zu viele Anfragen; `Retry-After` nennt die Sekunden bis zum nächsten Versuch.', code: 'auth.rate-limited' },
  502: { description: 'Ein angebundener Dienst (Zahlungsanbieter, Anmeldedienst) hat nicht wie erwartet geantwortet.', code: 'payment.provider-error' },
  503: { description: 'Datenbank vorübergehend nicht erreichbar; `Retry-After` nennt die Sekunden.', code: 'service.unavailable' },
};

const problemExample = (code: keyof typeof errorCatalogue) => {
  const entry = errorCatalogue[code];
  return {
    type: 'about:blank',
    title: entry.title,
    status: entry.status,
    detail: code === 'generic.validation' ? 'Bitte überprüfen Sie Ihre Eingaben. mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.' : entry.detail,
    code,
    ...(code === 'generic.validation' ? { errors: { mail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' } } : {}),
  };
};

/** The one problem+json schema (RFC 9457) of every error answer (shared/http/problem.ts). */
const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Fehlerantwort nach RFC 9457 (`application/problem+json`) mit deutschen Texten und stabilem Code.',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', const: 'about:blank' },
    title: { type: 'string', description: 'Kurzer deutscher Titel' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string', description: 'Deutscher Text für Menschen; bei Eingabefehlern mit den betroffenen Feldern' },
    code: { type: 'string', description: 'Stabiler Code aus dem Fehlerkatalog', enum: Object.keys(errorCatalogue) },
    errors: { type: 'object', description: 'Feldpfad (`attachments.1.url`) → deutsche Meldung', additionalProperties: { type: 'string' } },
  },
};

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  signedIn: [{ session: [] }, { apiToken: [] }],
  personal: [{ session: [] }],
  optional: [{}, { session: [] }, { apiToken: [] }],
};

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Öffentlich, ohne Anmeldung.',
  signedIn: 'Mit Sitzung oder API-Token; die Rechte der Person oder des Tokens entscheiden.',
  personal: 'Nur mit der Sitzung einer Person; API-Tokens werden abgewiesen.',
  optional: 'Öffentlich; eine Sitzung oder ein API-Token erweitert, was gezeigt oder erlaubt wird.',
};

/** Converts a zod schema to the JSON Schema of what a request may send. */
export function inputJsonSchema(input: SchemaInput): JsonSchema {
  const generated = z.toJSONSchema(input.schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete generated.$schema;
  if (generated.$defs) throw new Error('OpenAPI: ein Eingabeschema mit $defs (wiederverwendete oder rekursive Teile) braucht eine eigene Komponente.');
  for (const [path, override] of Object.entries(input.fields ?? {})) {
    const target = schemaAt(generated, path);
    if (!target) throw new Error(`OpenAPI: das Eingabeschema hat kein Feld "${path}"; die Beschreibung passt nicht mehr zum Schema.`);
    Object.assign(target, override);
  }
  for (const name of input.omit ?? []) {
    if (!(generated.properties as JsonSchema | undefined)?.[name]) throw new Error(`OpenAPI: das Eingabeschema hat kein Feld "${name}" zum Weglassen.`);
    delete (generated.properties as JsonSchema)[name];
  }
  // zod's input type marks every lenient field required (it accepts `unknown`); required is what the schema refuses to miss.
  const shape = objectShape(input.schema);
  if (Array.isArray(generated.required)) {
    generated.required = (generated.required as string[]).filter((name) => (generated.properties as JsonSchema)[name] && !(shape?.[name] && shape[name].safeParse(undefined).success));
    if ((generated.required as string[]).length === 0) delete generated.required;
  }
  if (input.extra) generated.properties = { ...(generated.properties as JsonSchema), ...input.extra };
  return generated;
}

/** The fields of the object inside a schema's transforms and preprocessing, if it is one. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const pending: unknown[] = [schema];
  for (let hops = 0; pending.length > 0 && hops < 16; hops++) {
    const def = (pending.shift() as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
    if (!def) continue;
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    pending.push(...[def.in, def.out, def.innerType, def.schema].filter(Boolean));
  }
  return undefined;
}

/** The schema at a dotted path (`bookableItems.*.amount`): `*` steps into array items. */
function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const step of path.split('.')) {
    if (!current) return undefined;
    if (step === '*') {
      // A field left open by zod gets its array shape from the override above it.
      current = current.items as JsonSchema | undefined;
      continue;
    }
    const properties = current.properties as Record<string, JsonSchema> | undefined;
    current = properties && Object.hasOwn(properties, step) ? properties[step] : undefined;
  }
  return current;
}

const pathParameterNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/**
 * The paths behind the API-token check (app.ts): any of their operations answers 401 to an unknown,
 * revoked or expired token, 400 to a token sent with a session cookie and 429 past the token's rate
 * limit, public operations included. The reference itself (/api/docs, /api/openapi.json) comes before it.
 */
const TOKEN_CHECKED = /^\/(auth|api|csv|html)\//;
const BEFORE_TOKEN_CHECK = /^\/api\/(docs|openapi\.json)(\/|$)/;

function problemStatuses(operation: ApiOperation): number[] {
  const statuses = new Set(operation.problems ?? []);
  if (TOKEN_CHECKED.test(operation.path) && !BEFORE_TOKEN_CHECK.test(operation.path)) {
    [400, 401, 429].forEach((status) => statuses.add(status));
    // A write from a browser page of another site (no Origin of the platform, no X-Requested-With).
    if (operation.method !== 'get') statuses.add(403);
  }
  // Every body is read with a size limit.
  if (operation.body) statuses.add(413);
  if (operation.access === 'signedIn' || operation.access === 'personal') [401, 403].forEach((status) => statuses.add(status));
  if (operation.body || operation.query) statuses.add(400);
  // An unknown tenant or entry; another tenant's entry answers the same.
  if (pathParameterNames(operation.path).length > 0) statuses.add(404);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function answerObject(answer: Answer): Record<string, unknown> {
  const others = Object.fromEntries(Object.entries(answer.otherContent ?? {}).map(([type, schema]) => [type, { schema }]));
  const content = answer.schema
    ? { [answer.contentType ?? 'application/json']: { schema: answer.schema, ...(answer.example !== undefined ? { example: answer.example } : {}) }, ...others }
    : undefined;
  return { description: answer.description, ...(answer.headers ? { headers: answer.headers } : {}), ...(content ? { content } : {}) };
}

function operationObject(operation: ApiOperation, tag: string): Record<string, unknown> {
  const parameters: Record<string, unknown>[] = pathParameterNames(operation.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[name] ?? name,
    schema: { type: 'string' },
  }));
  if (operation.query) {
    const query = inputJsonSchema(operation.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(operation.query.example && name in operation.query.example ? { example: operation.query.example[name] } : {}),
      });
    }
  }
  for (const parameter of operation.parameters ?? []) parameters.push({ ...parameter, required: parameter.required ?? false });

  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(operation.answers)) responses[status] = answerObject(answer);
  for (const status of problemStatuses(operation)) responses[String(status)] ??= { $ref: `#/components/responses/Problem${status}` };

  const body = operation.body;
  const bodySchema = body ? (body.jsonSchema ?? (body.input ? inputJsonSchema(body.input) : { type: 'object' })) : undefined;
  return {
    tags: [tag],
    summary: operation.summary,
    description: [operation.description, ACCESS_NOTE[operation.access]].filter(Boolean).join('\n\n'),
    operationId: operationId(operation),
    ...(parameters.length ? { parameters } : {}),
    ...(body && bodySchema
      ? {
          requestBody: {
            required: body.required ?? true,
            content: { [body.contentType ?? 'application/json']: { schema: bodySchema, ...(body.examples ? { examples: body.examples } : {}) } },
          },
        }
      : {}),
    responses,
    security: SECURITY[operation.access],
    ...(operation.deprecated ? { deprecated: true } : {}),
  };
}

/** `get /api/{tenantId}/bookings/{id}` → `getApiTenantIdBookingsId`. */
function operationId(operation: ApiOperation): string {
  const words = operation.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return operation.method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

export interface DocumentOptions {
  version: string;
  description: string;
  /** The webhooks, shown as OpenAPI 3.1 `webhooks` (one POST per event type). */
  webhooks?: WebhookDelivery;
}

/** `booking.created` → `webhookBookingCreated`. */
const webhookOperationId = (type: string) => `webhook${type.split(/[^A-Za-z0-9]+/).map((word) => word[0].toUpperCase() + word.slice(1)).join('')}`;

/** One entry per type of the delivery's list; throws when a type lacks its description or a description names no type. */
function webhooksOf(domains: readonly ApiDomain[], delivery: WebhookDelivery | undefined): Record<string, unknown> | undefined {
  const described: Record<string, WebhookDescription & { source: string }> = {};
  for (const [type, description] of Object.entries(delivery?.descriptions ?? {})) described[type] = { ...description, source: 'webhooks' };
  for (const domain of domains) {
    for (const [type, description] of Object.entries(domain.webhooks ?? {})) {
      if (type in described) throw new Error(`OpenAPI: der Webhook ${type} ist doppelt beschrieben (${domain.source}).`);
      described[type] = { ...description, source: domain.source };
    }
  }
  if (!delivery) {
    if (Object.keys(described).length > 0) throw new Error('OpenAPI: Webhooks sind beschrieben, aber ihre Zustellung (Typen, Header) nicht.');
    return undefined;
  }
  const missing = delivery.types.filter((type) => !(type in described));
  if (missing.length > 0) throw new Error(`OpenAPI: der Webhook ${missing.join(', ')} wird gesendet, ist aber nicht beschrieben.`);
  const unknown = Object.entries(described).filter(([type]) => !delivery.types.includes(type));
  if (unknown.length > 0) throw new Error(`OpenAPI: der Webhook ${unknown.map(([type, { source }]) => `${type} (${source})`).join(', ')} ist beschrieben, wird aber nie gesendet.`);
  return Object.fromEntries(
    delivery.types.map((type) => {
      const { summary, description, data } = described[type];
      return [
        type,
        {
          post: {
            summary,
            ...(description ? { description } : {}),
            operationId: webhookOperationId(type),
            parameters: delivery.headers.map((header) => ({ ...header, required: header.required ?? true })),
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['type', 'timestamp', 'data'],
                    additionalProperties: false,
                    properties: { type: { type: 'string', const: type }, timestamp: { type: 'string', format: 'date-time', description: 'Wann das Ereignis eingereiht wurde (UTC)' }, data },
                  },
                },
              },
            },
            responses: { '2XX': { description: 'Angenommen. Jede andere Antwort, eine Weiterleitung oder keine Antwort in der Frist gilt als Fehlschlag und wird wiederholt.' } },
            // The platform sends no credentials: the receiver checks the signature headers instead.
            security: [],
          },
        },
      ];
    }),
  );
}

/** The whole document; throws when two domains describe the same method and path. */
export function buildOpenApiDocument(domains: readonly ApiDomain[], options: DocumentOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const webhooks = webhooksOf(domains, options.webhooks);
  const schemas: Record<string, unknown> = { Problem: PROBLEM_SCHEMA };
  for (const domain of domains) {
    for (const [name, schema] of Object.entries(domain.schemas ?? {})) {
      if (name in schemas) throw new Error(`OpenAPI: die Komponente ${name} ist doppelt beschrieben (${domain.source}).`);
      schemas[name] = schema;
    }
    for (const operation of domain.operations) {
      const item = (paths[operation.path] ??= {});
      if (item[operation.method]) throw new Error(`OpenAPI: ${operation.method.toUpperCase()} ${operation.path} ist doppelt beschrieben (${domain.source}).`);
      item[operation.method] = operationObject(operation, domain.tag.name);
    }
  }
  const responses = Object.fromEntries(
    Object.entries(PROBLEM_STATUSES).map(([status, { description, code }]) => [
      `Problem${status}`,
      {
        description,
        ...(status === '429' || status === '503' ? { headers: { 'Retry-After': { description: 'Sekunden bis zum nächsten Versuch', schema: { type: 'integer' } } } } : {}),
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' }, example: problemExample(code) } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Buchungsplattform – REST-API',
      version: options.version,
      description: options.description,
    },
    // Relative: the document is served by the instance it describes, under whatever address that has.
    servers: [{ url: '/', description: 'Diese Instanz' }],
    tags: domains.map((domain) => domain.tag),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    ...(webhooks ? { webhooks } : {}),
    components: {
      schemas,
      responses,
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'bpt_…',
          description: 'API-Token eines Mandanten (`Authorization: Bearer bpt_…`), angelegt unter Mandant → API-Zugänge. Nie zusammen mit einem Sitzungs-Cookie senden. Jede Antwort auf eine Anfrage mit Token trägt `RateLimit-Policy` (`"token";q=…;w=60`) und `RateLimit` (`"token";r=…;t=…`: übrige Anfragen und Sekunden bis zum neuen Fenster).',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'connect.sid',
          description: 'Sitzungs-Cookie nach `POST /auth/signin`. Schreibende Anfragen aus dem Browser brauchen zusätzlich einen `Origin` der Plattform oder `X-Requested-With`.',
        },
      },
    },
  };
}
