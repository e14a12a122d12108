/** What `npm start` prints once the server listens: where to sign in, the database, and where a citizen books. */
export interface StartBannerFacts {
  /** The address the product answers at, with the port it really listens on. */
  baseUrl: string;
  embeddedDataDir: string | null;
  seeded: boolean;
  /** Sign-ins are named on a developer's or tester's console, never in a production log. */
  production: boolean;
  adminEmail: string;
  /** Null when the password came from ADMIN_PASSWORD (not echoed). */
  adminPassword: string | null;
  demo: { tenantId: string; logins: { tenantOwner: { id: string; password: string }; staff: { id: string; password: string } } } | null;
}

/** The tenant's booking portal, the styled page a citizen starts from (every public object with its booking link). */
export const bookingPortalPath = (tenantId: string) => `/buchen/${encodeURIComponent(tenantId)}`;

export function startBanner(facts: StartBannerFacts): string {
  const { baseUrl, demo } = facts;
  const signIns = `Anmeldungen: Instanz-Besitzer ${facts.adminEmail} / ${facts.adminPassword ?? '(ADMIN_PASSWORD)'}${
    demo ? `, Mandanten-Besitzerin ${demo.logins.tenantOwner.id} / ${demo.logins.tenantOwner.password}, Mitarbeiter ${demo.logins.staff.id} / ${demo.logins.staff.password}` : ''
  }`;
  return [
    `Buchungsplattform läuft: ${baseUrl}/login  (GraphQL ${baseUrl}/graphql, GraphiQL ${baseUrl}/graphiql)`,
    `Datenbank: ${facts.embeddedDataDir ? `eingebettetes PostgreSQL unter ${facts.embeddedDataDir}` : 'DATABASE_URL'}${facts.seeded ? ' – Demodaten angelegt' : ''}`,
    ...(facts.production ? [] : [signIns]),
    ...(demo ? [`Buchen wie die Bürger: ${baseUrl}${bookingPortalPath(demo.tenantId)}`] : []),
  ].join('\n');
}
