// The few lines every example needs to talk to the platform with an API token.

/** Reads a required setting from the environment, or stops with a German hint. */
export function setting(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`Bitte ${name} setzen (siehe docs/integrators.md, "Worked examples").`);
    process.exit(2);
  }
  return value;
}

/** The platform's address, the tenant and the token, from BUCHUNG_URL, BUCHUNG_MANDANT and BUCHUNG_TOKEN. */
export function connection() {
  return { baseUrl: setting('BUCHUNG_URL').replace(/\/$/, ''), tenantId: setting('BUCHUNG_MANDANT'), token: setting('BUCHUNG_TOKEN') };
}

/** One GraphQL operation; a refusal (errors[].extensions.code) becomes an exception with the German message. */
export async function graphql({ baseUrl, token }, query, variables = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const answer = await response.json();
  if (answer.errors?.length) {
    const [error] = answer.errors;
    throw new Error(`${error.extensions?.code ?? response.status}: ${error.message}`);
  }
  return answer.data;
}

/** One REST call; a problem+json answer becomes an exception with its German detail. */
export async function rest({ baseUrl, token }, method, path, { body, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const answer = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${response.status} ${answer?.code ?? ''}: ${answer?.detail ?? answer?.title ?? text}`);
  return answer;
}
