import { checkAnswer } from './openapi-answers.js';
import { recordResponse } from './secrets.js';

/**
 * A small HTTP client with a cookie jar, like one browser profile: REST calls and GraphQL POSTs
 * share the session cookie. Every answer is recorded for the secret check (tests/support/secrets.ts)
 * and checked against the API document (tests/support/openapi-answers.ts).
 */
export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The Set-Cookie headers of this answer, unparsed. */
  setCookies: string[];
  contentType: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads arbitrary JSON shapes
  json: any;
}

export interface GraphQLResponse<TData = Record<string, unknown>> {
  status: number;
  data: TData | null | undefined;
  errors: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[] | undefined;
  response: HttpResponse;
}

export interface RequestOptions {
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as is; set the content-type in headers. */
  body?: string | FormData;
  headers?: Record<string, string>;
  /** Default 'manual': redirects are returned, not followed. */
  redirect?: 'manual' | 'follow';
}

export interface ClientOptions {
  /** Sent as X-Forwarded-For (test apps trust the loopback proxy, TRUST_PROXY=loopback), so rate limits see this address. */
  ip?: string;
  /** Sent as Origin on every request. */
  origin?: string;
}

export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly options: ClientOptions = {},
  ) {}

  /** The Cookie header this client sends, or '' without cookies. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** A second client sharing the current cookies (e.g. to keep an old session cookie). */
  clone(options: ClientOptions = this.options): HttpClient {
    const copy = new HttpClient(this.baseUrl, options);
    this.cookies.forEach((value, name) => copy.cookies.set(name, value));
    return copy;
  }

  private storeCookies(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw = ''] = attribute.split('=');
        const k = key.trim().toLowerCase();
        if (k === 'max-age') return Number(raw) <= 0;
        if (k === 'expires') return new Date(raw.trim()).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = {};
    if (this.options.ip) headers['x-forwarded-for'] = this.options.ip;
    if (this.options.origin) headers.origin = this.options.origin;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | FormData | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: options.redirect ?? 'manual' });
    const text = await response.text();
    const setCookies = response.headers.getSetCookie();
    this.storeCookies(setCookies);
    recordResponse({ method, path, status: response.status, body: text });
    const contentType = response.headers.get('content-type') ?? '';
    let json: unknown;
    if (/json/.test(contentType)) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    checkAnswer(method, path, response.status, contentType, json);
    return { status: response.status, headers: response.headers, text, setCookies, contentType, json };
  }

  get(path: string, options?: RequestOptions): Promise<HttpResponse> {
    return this.request('GET', path, options);
  }

  post(path: string, json?: unknown, options: RequestOptions = {}): Promise<HttpResponse> {
    return this.request('POST', path, { ...options, json: options.body === undefined ? (json ?? {}) : undefined });
  }

  put(path: string, json?: unknown, options: RequestOptions = {}): Promise<HttpResponse> {
    return this.request('PUT', path, { ...options, json: options.body === undefined ? (json ?? {}) : undefined });
  }

  /** A GraphQL operation as a JSON POST to /graphql. */
  async gql<TData = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, options: RequestOptions = {}): Promise<GraphQLResponse<TData>> {
    const response = await this.request('POST', '/graphql', { ...options, json: { query, variables } });
    const payload = (response.json ?? {}) as { data?: TData | null; errors?: GraphQLResponse['errors'] };
    return { status: response.status, data: payload.data, errors: payload.errors, response };
  }
}
