/** The calendar feeds' operation for the OpenAPI document (calendar-feed.routes.ts, docs/integrators.md). */
import type { ApiDomain } from '../shared/openapi/operation.js';

export const calendarFeedApi: ApiDomain = {
  tag: { name: 'Kalender-Abos', description: 'iCal-Abos für Kalenderprogramme; angelegt in der Verwaltung oder über GraphQL.' },
  source: 'server/src/feeds/calendar-feed.openapi.ts',
  operations: [
    {
      method: 'get',
      path: '/ical/{token}.ics',
      summary: 'Kalender-Abo (iCal)',
      description:
        'Die geheime Adresse ist die Anmeldung. Buchungen von 30 Tagen zurück bis 365 Tage voraus. `Cache-Control: private, max-age=300` und `ETag`; `If-None-Match` antwortet 304. Unbekannte oder widerrufene Abos und Abos mit Kundendaten, deren anlegende Person das Recht verloren hat: 404; zu viele unbekannte Abos einer Adresse: 429.',
      access: 'public',
      parameters: [{ name: 'If-None-Match', in: 'header', description: '`ETag` der letzten Antwort', schema: { type: 'string' } }],
      answers: {
        200: { description: 'Der Kalender.', schema: { type: 'string', example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…' }, contentType: 'text/calendar', headers: { ETag: { description: 'Prüfsumme des Inhalts', schema: { type: 'string' } } } },
        304: { description: 'Unverändert.' },
      },
      problems: [404, 429],
    },
  ],
};
