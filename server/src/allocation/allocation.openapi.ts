/** The allocation rounds' REST operations for the OpenAPI document (allocation.routes.ts). */
import { allocationApplicationSchema, allocationDecisionBodySchema, allocationDecisions, allocationRoundSchema, allocationRoundStates } from '../../../common/allocation/allocation.schema.js';
import { weekdayCodes } from '../../../common/bookings/series.js';
import { fieldSchemas as f, jsonList, ref, type ApiDomain, type JsonSchema } from '../shared/openapi/operation.js';

const text: JsonSchema = { type: 'string' };
const nullableText: JsonSchema = { type: ['string', 'null'] };
const instant: JsonSchema = { type: 'string', format: 'date-time' };
const weekday: JsonSchema = { type: 'string', enum: [...weekdayCodes] };
const wallTime = (description: string): JsonSchema => ({ description, type: 'string', pattern: '^\\d{2}:\\d{2}$' });

const bookableSchema: JsonSchema = { type: 'object', required: ['id', 'title', 'type'], properties: { id: text, title: text, type: text } };

const roundProperties: Record<string, JsonSchema> = {
  id: text,
  tenantId: text,
  title: text,
  seasonBegin: { description: 'Erster Tag der Saison (JJJJ-MM-TT)', type: 'string' },
  seasonEnd: { description: 'Letzter Tag der Saison (JJJJ-MM-TT)', type: 'string' },
  applicationsFrom: instant,
  applicationsUntil: instant,
  bookableIds: { type: 'array', items: text },
  bookables: { type: 'array', items: bookableSchema },
  skipHolidays: { type: 'boolean' },
  state: { type: 'string', enum: [...allocationRoundStates] },
  publishedAt: { type: ['string', 'null'], format: 'date-time' },
};
/** Counted for staff only; the public list leaves them out. */
const roundCounts: Record<string, JsonSchema> = {
  applicationCount: { description: 'Bewerbungen der Runde (nur für die Verwaltung)', type: 'integer' },
  openWishCount: { description: 'Noch nicht entschiedene Wünsche (nur für die Verwaltung)', type: 'integer' },
};
const roundSchema: JsonSchema = { type: 'object', required: Object.keys(roundProperties), properties: { ...roundProperties, ...roundCounts } };

const slotSchema: JsonSchema = { type: 'object', required: ['bookableId', 'weekday', 'timeBegin', 'timeEnd'], properties: { bookableId: text, weekday, timeBegin: text, timeEnd: text } };
const dateSchema: JsonSchema = { type: 'object', required: ['date', 'reason', 'reasonText'], properties: { date: text, reason: { type: ['string', 'null'], enum: ['taken', 'closed', 'holiday', 'horizon', 'limit', null] }, reasonText: nullableText } };
const snapshotSchema: JsonSchema = {
  type: ['object', 'null'],
  properties: { decision: { type: ['string', 'null'] }, bookableId: nullableText, weekday: nullableText, timeBegin: nullableText, timeEnd: nullableText, reason: text },
};

const wishProperties: Record<string, JsonSchema> = {
  id: text,
  applicationId: text,
  bookableId: nullableText,
  bookableType: nullableText,
  weekday,
  timeBegin: text,
  timeEnd: text,
  interval: { type: 'integer' },
  participants: { type: 'integer' },
  priority: { type: 'integer' },
  comment: text,
  decision: { type: ['string', 'null'], enum: [...allocationDecisions, null] },
  grant: { anyOf: [slotSchema, { type: 'null' }] },
  reason: text,
  decidedAt: { type: ['string', 'null'], format: 'date-time' },
  seriesId: nullableText,
  leftOutDates: { type: 'array', items: dateSchema },
};
const wishSchema: JsonSchema = { type: 'object', required: Object.keys(wishProperties), properties: wishProperties };
const staffWishSchema: JsonSchema = {
  type: 'object',
  required: [...Object.keys(wishProperties), 'conflicts'],
  properties: {
    ...wishProperties,
    conflicts: {
      type: 'object',
      required: ['wishes', 'dates'],
      properties: {
        wishes: { type: 'array', items: { type: 'object', required: ['wishId', 'applicationId', 'applicantName', 'granted'], properties: { wishId: text, applicationId: text, applicantName: text, granted: { type: 'boolean' } } } },
        dates: { type: 'array', items: dateSchema },
      },
    },
  },
};

const applicationProperties: Record<string, JsonSchema> = {
  id: text,
  roundId: text,
  userId: text,
  name: text,
  contactName: text,
  mail: text,
  phone: text,
  registration: text,
  createdAt: instant,
  updatedAt: instant,
  publishedAt: { type: ['string', 'null'], format: 'date-time' },
  wishes: { type: 'array', items: ref('AllocationWish') },
};
const applicationSchema: JsonSchema = { type: 'object', required: Object.keys(applicationProperties), properties: applicationProperties };

const historySchema: JsonSchema = {
  type: 'object',
  required: ['id', 'at', 'action', 'wishId', 'actorId', 'actorLabel', 'before', 'after'],
  properties: { id: text, at: instant, action: { type: 'string', enum: ['round_created', 'round_updated', 'decided', 'published'] }, wishId: nullableText, actorId: nullableText, actorLabel: text, before: snapshotSchema, after: snapshotSchema },
};

const detailSchema: JsonSchema = {
  type: 'object',
  required: [...Object.keys(roundProperties), 'applications', 'history', 'undecidedCount'],
  properties: {
    ...roundProperties,
    ...roundCounts,
    applications: { type: 'array', items: { type: 'object', required: Object.keys(applicationProperties), properties: { ...applicationProperties, wishes: { type: 'array', items: staffWishSchema } } } },
    history: { type: 'array', items: ref('AllocationHistoryEntry') },
    undecidedCount: { type: 'integer' },
  },
};

const gridSchema: JsonSchema = {
  type: 'object',
  required: ['roundId', 'rows'],
  properties: {
    roundId: text,
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['bookable', 'days'],
        properties: {
          bookable: bookableSchema,
          days: {
            type: 'array',
            items: {
              type: 'object',
              required: ['weekday', 'cells'],
              properties: {
                weekday,
                cells: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['hour', 'entries', 'conflict'],
                    properties: {
                      hour: { type: 'integer', minimum: 0, maximum: 23 },
                      conflict: { type: 'boolean' },
                      entries: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['wishId', 'applicationId', 'applicantName', 'granted', 'timeBegin', 'timeEnd', 'bookableType'],
                          properties: {
                            wishId: text,
                            applicationId: text,
                            applicantName: text,
                            granted: { type: 'boolean' },
                            timeBegin: text,
                            timeEnd: text,
                            bookableType: { type: ['string', 'null'], description: 'Die gewünschte Objektart, wenn der Wunsch das Objekt der Verwaltung überlässt (bis zur Entscheidung in jedem Objekt dieser Art, ohne Konflikt); sonst null.' },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const roundFields = {
  title: f.text('Titel, z. B. „Hallenbelegung 2027/28“'),
  seasonBegin: f.text('Erster Tag der Saison (JJJJ-MM-TT)'),
  seasonEnd: f.text('Letzter Tag der Saison (JJJJ-MM-TT), höchstens ein Jahr nach dem ersten'),
  applicationsFrom: f.instant('Beginn der Bewerbungsfrist'),
  applicationsUntil: f.instant('Ende der Bewerbungsfrist'),
  bookableIds: { description: 'Die vergebenen Objekte des Mandanten', type: 'array', items: { type: 'string' } },
  skipHolidays: f.bool('Feiertage und Schulferien auslassen (Standard: ja)'),
};
const roundExample = { title: 'Hallenbelegung 2027/28', seasonBegin: '2027-08-01', seasonEnd: '2028-07-31', applicationsFrom: '2027-03-01T00:00:00Z', applicationsUntil: '2027-04-30T22:00:00Z', bookableIds: ['6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'], skipHolidays: true };

export const allocationApi: ApiDomain = {
  tag: { name: 'Vergaberunden', description: 'Die Vergabe einer Saison: Bewerbungen von Vereinen und Gruppen, Zusagen und Absagen, Buchung der Zusagen als Serien.' },
  source: 'server/src/allocation/allocation.openapi.ts',
  schemas: { AllocationRound: roundSchema, AllocationRoundDetail: detailSchema, AllocationApplication: applicationSchema, AllocationWish: wishSchema, AllocationGrid: gridSchema, AllocationHistoryEntry: historySchema },
  operations: [
    {
      method: 'get',
      path: '/api/{tenantId}/allocation-rounds',
      summary: 'Vergaberunden',
      description: 'Wer alle Buchungen lesen darf (manageBookings readAny), erhält alle Runden des Mandanten; alle anderen, auch ohne Anmeldung, die Runden mit offener Bewerbungsfrist.',
      access: 'optional',
      answers: { 200: jsonList('Die Runden.', ref('AllocationRound')) },
    },
    {
      method: 'post',
      path: '/api/{tenantId}/allocation-rounds',
      summary: 'Vergaberunde anlegen',
      access: 'signedIn',
      body: { input: { schema: allocationRoundSchema, fields: roundFields }, examples: { halle: { summary: 'Hallenbelegung einer Saison', value: roundExample } } },
      answers: { 201: { description: 'Die angelegte Runde (OPEN).', schema: ref('AllocationRound') } },
    },
    {
      method: 'get',
      path: '/api/{tenantId}/allocation-rounds/{id}',
      summary: 'Eine Vergaberunde mit Bewerbungen, Konflikten und Verlauf',
      description: 'Je Wunsch seine Konflikte: andere Wünsche und Zusagen auf demselben Objekt am selben Wochentag zu überschneidenden Zeiten, und die Saisontermine, an denen der Platz belegt, geschlossen oder Feiertag ist (wie die Vorschau einer Serienbuchung).',
      access: 'signedIn',
      answers: { 200: { description: 'Die Runde.', schema: ref('AllocationRoundDetail') } },
    },
    {
      method: 'put',
      path: '/api/{tenantId}/allocation-rounds/{id}',
      summary: 'Vergaberunde ändern',
      access: 'signedIn',
      body: { input: { schema: allocationRoundSchema, fields: roundFields }, examples: { halle: { summary: 'Frist verlängert', value: { ...roundExample, applicationsUntil: '2027-05-15T22:00:00Z' } } } },
      answers: { 200: { description: 'Die geänderte Runde.', schema: ref('AllocationRound') } },
      problems: [409],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/allocation-rounds/{id}/applications',
      summary: 'Bewerbung abgeben',
      description: 'Ein angemeldetes Konto bewirbt sich innerhalb der Bewerbungsfrist, einmal je Runde.',
      access: 'personal',
      body: {
        input: {
          schema: allocationApplicationSchema,
          fields: {
            name: f.text('Organisation (Verein, Gruppe, Schule)'),
            contactName: f.text('Ansprechperson'),
            mail: f.text('E-Mail-Adresse für das Ergebnis'),
            phone: f.text('Telefon'),
            registration: f.text('Mitgliedsnummer oder Vereinsregister'),
            wishes: {
              description: '1 bis 20 Wünsche',
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  bookableId: f.text('Ein Objekt der Runde, oder'),
                  bookableType: f.text('eine Objektart (z. B. room)'),
                  weekday: { ...weekday, description: 'Wochentag' },
                  timeBegin: wallTime('Beginn (HH:MM)'),
                  timeEnd: wallTime('Ende (HH:MM)'),
                  interval: { description: '1 wöchentlich, 2 alle zwei Wochen …', type: 'integer' },
                  participants: { description: 'Teilnehmende', type: 'integer' },
                  priority: { description: '1 = wichtigster Wunsch; je Bewerbung eindeutig', type: 'integer' },
                  comment: f.text('Anmerkung'),
                },
              },
            },
          },
        },
        examples: {
          verein: {
            summary: 'Ein Verein wünscht dienstags die Halle',
            value: { name: 'TSV Musterstadt', contactName: 'Erika Mustermann', mail: 'halle@tsv.example', phone: '0123', registration: 'VR 1234', wishes: [{ bookableId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', weekday: 'TU', timeBegin: '18:00', timeEnd: '20:00', interval: 1, participants: 20, priority: 1 }] },
          },
        },
      },
      answers: { 201: { description: 'Die Bewerbung.', schema: ref('AllocationApplication') } },
      problems: [409],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/allocation-rounds/{id}/grid',
      summary: 'Belegungsraster der Vergabe',
      description: 'Je Objekt, Wochentag und Stunde die Wünsche und Zusagen darin; `conflict`, wenn sich zwei davon überschneiden.',
      access: 'signedIn',
      answers: { 200: { description: 'Das Raster.', schema: ref('AllocationGrid') } },
    },
    {
      method: 'post',
      path: '/api/{tenantId}/allocation-wishes/{id}/decision',
      summary: 'Über einen Wunsch entscheiden',
      description: '`GRANT` sagt zu, wie gewünscht oder mit anderem Objekt der Runde, Wochentag oder Zeiten; `DECLINE` sagt mit Begründung ab. Bis zur Veröffentlichung erneut möglich; eine Zusage, die sich mit einer anderen Zusage der Runde überschneidet, wird abgelehnt (409). Ein Wunsch nach einer Objektart (`bookableType`) wird nur mit einem Objekt dieser Art zugesagt, das `bookableId` nennt (sonst 422).',
      access: 'signedIn',
      body: {
        input: {
          schema: allocationDecisionBodySchema,
          fields: {
            decision: { description: 'Zusage oder Absage', type: 'string', enum: [...allocationDecisions] },
            bookableId: f.text('Anderes Objekt der Runde (nur bei Zusage); bei einem Wunsch nach einer Objektart Pflicht, ein Objekt dieser Art'),
            weekday: { ...weekday, description: 'Anderer Wochentag (nur bei Zusage)' },
            timeBegin: wallTime('Anderer Beginn (HH:MM)'),
            timeEnd: wallTime('Anderes Ende (HH:MM)'),
            reason: f.text('Begründung (bei Absage Pflicht) oder Hinweis'),
          },
        },
        examples: {
          zusage: { summary: 'Zusage mit anderen Zeiten', value: { decision: 'GRANT', timeBegin: '20:00', timeEnd: '22:00', reason: 'Ab 20 Uhr frei.' } },
          absage: { summary: 'Absage', value: { decision: 'DECLINE', reason: 'Die Halle ist dienstags vergeben.' } },
        },
      },
      answers: { 200: { description: 'Der Wunsch mit der Entscheidung.', schema: ref('AllocationWish') } },
      problems: [409, 422],
    },
    {
      method: 'post',
      path: '/api/{tenantId}/allocation-rounds/{id}/publish',
      summary: 'Vergaberunde veröffentlichen',
      description:
        'Abgelehnt (409), solange Wünsche offen sind oder sich Zusagen überschneiden. Bucht jede Zusage als Serie über die Saison (je Bewerbung eine Transaktion, bereits belegte Termine ausgelassen) und sendet jeder Bewerbung eine E-Mail mit dem Ergebnis. Ein zweiter Aufruf bucht nichts mehr.',
      access: 'signedIn',
      answers: { 200: { description: 'Die veröffentlichte Runde.', schema: ref('AllocationRoundDetail') } },
      problems: [409],
    },
    {
      method: 'get',
      path: '/api/{tenantId}/allocation-rounds/{id}/history',
      summary: 'Verlauf einer Vergaberunde',
      description: 'Anlage, Änderungen, jede Entscheidung (vorher und nachher) und die Veröffentlichung, älteste zuerst.',
      access: 'signedIn',
      answers: { 200: jsonList('Der Verlauf.', ref('AllocationHistoryEntry')) },
    },
  ],
};
