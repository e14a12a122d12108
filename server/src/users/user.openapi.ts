/** The accounts' REST operations for the OpenAPI document (auth.routes.ts, user.routes.ts). */
import { UNPAGED_LIST_CAP, userPageBounds } from '../../../common/validation/paging.js';
import { userListQuerySchema } from '../../../common/users/user-list.js';
import { anyJson, fieldSchemas as f, jsonBody, jsonList, jsonObject, okText, ref, type ApiDomain, type JsonSchema } from '../shared/openapi/operation.js';

const mail = (description: string): JsonSchema => ({ description, type: 'string', format: 'email' });
const created: { description: string; schema: JsonSchema; contentType: string } = { description: 'Angelegt.', schema: { type: 'string', example: 'Created' }, contentType: 'text/plain' };

const userSchema: JsonSchema = {
  type: 'object',
  description: 'Ein Benutzerkonto; Firma, Telefon und Adresse nur für die Person selbst, Instanzbesitzer und die Mitarbeitenden ihrer Mandanten.',
  additionalProperties: true,
  properties: {
    id: { type: 'string', description: 'E-Mail-Adresse' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    company: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    address: { type: ['string', 'null'] },
    zipCode: { type: ['string', 'null'] },
    city: { type: ['string', 'null'] },
    isVerified: { type: 'boolean' },
    isSuspended: { type: 'boolean' },
  },
};

const profile: Record<string, JsonSchema> = {
  firstName: f.text('Vorname'),
  lastName: f.text('Nachname'),
  company: f.text('Firma'),
  phone: f.text('Telefon'),
  address: f.text('Straße und Hausnummer'),
  zipCode: f.text('Postleitzahl'),
  city: f.text('Ort'),
};

/** GET api/users (userListQuerySchema): the search and the page. */
const userListQueryFields: Record<string, JsonSchema> = {
  search: f.text('Suchwörter, durch Leerzeichen getrennt: jedes muss in E-Mail-Adresse, Vor- oder Nachname vorkommen (Groß- und Kleinschreibung egal)'),
  limit: f.count(`Seitengröße, 1 bis ${userPageBounds.maxSize} (Standard ${UNPAGED_LIST_CAP}); alles andere wird abgelehnt`),
  offset: f.count('Anfang der Seite (Standard 0); nicht zusammen mit `cursor`'),
  cursor: f.text('`X-Next-Cursor` der vorigen Seite: die Seite beginnt nach diesem Konto, was immer inzwischen hinzukam'),
};

const userPageHeaders = {
  'X-Total-Count': { description: 'Anzahl aller Treffer (über alle Seiten)', schema: { type: 'integer' } },
  'X-Next-Cursor': { description: 'Cursor nach dem letzten Konto der Seite (als `cursor` für die nächste Seite); auf jeder Seite mit Konten', schema: { type: 'string' } },
  Link: { description: '`<…>; rel="next"` mit der Adresse der nächsten Seite, nur solange weitere folgen', schema: { type: 'string' } },
};

const signedInAnswer = jsonObject('`{ user, permissions }`', { type: 'object', properties: { user: ref('User'), permissions: { type: 'object', additionalProperties: true } } });

export const userApi: ApiDomain = {
  tag: { name: 'Konten', description: 'Anmelden, registrieren, Passwort, eigenes Konto; Benutzerverwaltung der Instanz.' },
  source: 'server/src/users/user.openapi.ts',
  schemas: { User: userSchema },
  operations: [
    {
      method: 'post',
      path: '/auth/signin',
      summary: 'Anmelden (setzt das Sitzungs-Cookie)',
      access: 'public',
      body: jsonBody({ id: mail('E-Mail-Adresse'), password: { type: 'string', format: 'password' } }, ['id', 'password'], {
        anmelden: { summary: 'Anmelden', value: { id: 'sachbearbeitung@musterstadt.de', password: 'geheimes-Passwort-123' } },
      }),
      answers: { 200: signedInAnswer },
      problems: [401, 429],
    },
    {
      method: 'post',
      path: '/auth/signup',
      summary: 'Registrieren',
      description: 'Legt ein Konto an und verschickt den Bestätigungslink.',
      access: 'public',
      body: jsonBody({ id: mail('E-Mail-Adresse'), password: { type: 'string', format: 'password' }, firstName: f.text('Vorname'), lastName: f.text('Nachname'), company: f.text('Firma') }, ['id', 'password', 'firstName', 'lastName']),
      answers: { 201: created },
      problems: [409, 429],
    },
    { method: 'get', path: '/auth/signout', summary: 'Abmelden (nur aus den Seiten der Plattform)', access: 'public', deprecated: true, answers: { 200: okText }, problems: [403] },
    { method: 'post', path: '/auth/signout', summary: 'Abmelden', access: 'public', answers: { 200: okText } },
    {
      method: 'get',
      path: '/auth/me',
      summary: 'Die angemeldete Person',
      access: 'signedIn',
      parameters: [{ name: 'populatePermissions', in: 'query', description: '`0` oder `false` lässt die Rechte weg', schema: { type: 'string', enum: ['1', '0', 'true', 'false'] } }],
      answers: { 200: signedInAnswer },
    },
    { method: 'post', path: '/auth/verify/resend', summary: 'Bestätigungslink erneut senden', access: 'public', body: jsonBody({ email: mail('E-Mail-Adresse des Kontos') }, ['email']), answers: { 200: okText }, problems: [429] },
    { method: 'post', path: '/auth/verify/confirm', summary: 'E-Mail-Adresse bestätigen', access: 'public', body: jsonBody({ token: f.text('Token aus dem Link der E-Mail') }, ['token']), answers: { 200: okText }, problems: [404, 429] },
    {
      method: 'post',
      path: '/auth/reset/confirm',
      summary: 'Neues Passwort mit dem Token aus der E-Mail setzen',
      access: 'public',
      body: jsonBody({ token: f.text('Token aus dem Link der E-Mail'), password: { type: 'string', format: 'password' } }, ['token', 'password']),
      answers: { 200: okText },
      problems: [404, 429],
    },
    { method: 'get', path: '/auth/verify/{token}', summary: 'Alter Bestätigungslink: leitet zur Bestätigungsseite', access: 'public', deprecated: true, answers: { 302: { description: 'Weiterleitung.' } } },
    { method: 'get', path: '/auth/reset/{token}', summary: 'Alter Passwortlink: leitet zur Seite für das neue Passwort', access: 'public', deprecated: true, answers: { 302: { description: 'Weiterleitung.' } } },
    { method: 'post', path: '/auth/resetpassword', summary: 'Passwort zurücksetzen anfordern (Feld `id`)', access: 'public', body: jsonBody({ id: mail('E-Mail-Adresse des Kontos') }, ['id']), answers: { 200: okText }, problems: [404, 429] },
    { method: 'post', path: '/auth/reset', summary: 'Passwort zurücksetzen anfordern (Feld `email`)', access: 'public', body: jsonBody({ email: mail('E-Mail-Adresse des Kontos') }, ['email']), answers: { 200: okText }, problems: [404, 429] },
    { method: 'put', path: '/api/user', summary: 'Eigenes Profil ändern', access: 'personal', body: jsonBody(profile), answers: { 200: { description: 'Das Konto.', schema: ref('User') } } },
    { method: 'get', path: '/api/users/me/personal-data', summary: 'Eigene Daten herunterladen', access: 'personal', answers: { 200: anyJson('Alle gespeicherten Daten der Person.') } },
    {
      method: 'delete',
      path: '/api/users/me',
      summary: 'Eigenes Konto löschen',
      description: 'Bestätigt mit dem Passwort, bei Single Sign-on mit der E-Mail-Adresse.',
      access: 'personal',
      body: jsonBody({ password: { type: 'string', format: 'password' }, email: mail('E-Mail-Adresse (Konten mit Single Sign-on)') }),
      answers: { 204: { description: 'Gelöscht.' } },
      problems: [409, 429],
    },
    {
      method: 'get',
      path: '/api/users',
      summary: 'Benutzer, die der Aufrufer sehen darf',
      description: `Neueste zuerst, seitenweise (ohne \`limit\` die ersten ${UNPAGED_LIST_CAP}). Instanz-Besitzer sehen alle Konten, Besitzer von Mandanten die Konten dieser Mandanten und das eigene, alle anderen nur das eigene. Die nächste Seite steht in \`X-Next-Cursor\` und \`Link\`.`,
      access: 'signedIn',
      query: { schema: userListQuerySchema, fields: userListQueryFields, example: { search: 'muster', limit: '50' } },
      answers: { 200: { description: 'Die Konten der Seite.', schema: { type: 'array', items: ref('User') }, headers: userPageHeaders } },
    },
    {
      method: 'put',
      path: '/api/users',
      summary: 'Benutzer anlegen oder ändern (Instanz)',
      description: 'Instanzbesitzer legen mit unbekannter `id` ein Konto an (mit `password`); sonst wird das Konto geändert.',
      access: 'signedIn',
      body: jsonBody({ id: mail('E-Mail-Adresse'), ...profile, isVerified: { type: 'boolean' }, isSuspended: { type: 'boolean' }, password: { type: 'string', format: 'password' } }, ['id']),
      answers: { 200: { description: 'Das angelegte Konto (JSON), oder `OK` (Text) nach einer Änderung.', schema: ref('User'), otherContent: { 'text/plain': { type: 'string', example: 'OK' } } } },
      problems: [409],
    },
    {
      method: 'get',
      path: '/api/users/ids',
      summary: 'Kennungen der Benutzer, auf Wunsch nach Rollen gefiltert',
      description: `Alphabetisch, höchstens die ersten ${UNPAGED_LIST_CAP} (für mehr GET /api/users seitenweise). Instanz-Besitzer erhalten alle Kennungen, wer die Mitglieder eines Mandanten sehen darf (\`manageUsers\` \`readAny\` oder \`updateAny\`) die Mitglieder dieser Mandanten; alle anderen (auch ein Zugang „Belegung lesen“) 403.`,
      access: 'signedIn',
      parameters: [
        { name: 'filterRoles', in: 'query', description: 'Rollen, kommagetrennt', schema: { type: 'string' } },
        { name: 'roles', in: 'query', description: 'Wie `filterRoles`', schema: { type: 'string' } },
      ],
      answers: { 200: jsonList('Die Kennungen.', { type: 'string' }) },
      problems: [403],
    },
    {
      method: 'get',
      path: '/api/users/{id}',
      summary: 'Ein Benutzer',
      description: 'Für das Konto selbst, Instanz-Besitzer und Besitzer eines Mandanten, dem das Konto angehört; für alle anderen 404 wie bei einer unbekannten Adresse.',
      access: 'signedIn',
      answers: { 200: { description: 'Das Konto.', schema: ref('User') } },
      problems: [404],
    },
    { method: 'delete', path: '/api/users/{id}', summary: 'Benutzer löschen (Instanz)', access: 'signedIn', answers: { 200: okText }, problems: [409] },
  ],
};
