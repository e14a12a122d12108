import { wholeListQuerySchema } from '../../../../common/lists/list-query.js';
import { WHOLE_LIST_CAP } from '../../../../common/validation/paging.js';
import { fieldSchemas as f, type ApiOperation, type JsonSchema } from './operation.js';

/**
 * The query and answer headers of a REST list paged like GET api/users (wholeListQuerySchema):
 * `search`, `limit`, `offset`, `cursor`; the next page in `X-Next-Cursor` and `Link`. `searched`
 * names the fields the search reads, `row` one entry of the list (in the dative, "nach diesem …").
 */
export function pagedListQuery(searched: string, row: string): NonNullable<ApiOperation['query']> {
  const fields: Record<string, JsonSchema> = {
    search: f.text(`Suchwörter, durch Leerzeichen getrennt: jedes muss in ${searched} vorkommen (Groß- und Kleinschreibung egal)`),
    limit: f.count(`Seitengröße, 1 bis ${WHOLE_LIST_CAP} (Standard ${WHOLE_LIST_CAP}); alles andere wird abgelehnt`),
    offset: f.count('Anfang der Seite (Standard 0); nicht zusammen mit `cursor`'),
    cursor: f.text(`\`X-Next-Cursor\` der vorigen Seite: die Seite beginnt nach ${row}, was immer inzwischen hinzukam`),
  };
  return { schema: wholeListQuerySchema, fields, example: { search: 'stadt', limit: '50' } };
}

/** The headers naming the next page of a list paged by cursor: `X-Next-Cursor` and `Link`. */
export const nextPageHeaders = (rows: string) => ({
  'X-Next-Cursor': { description: `Cursor nach dem letzten Eintrag der Seite (als \`cursor\` für die nächste Seite); auf jeder Seite mit ${rows}`, schema: { type: 'string' } },
  Link: { description: '`<…>; rel="next"` mit der Adresse der nächsten Seite, nur solange weitere folgen', schema: { type: 'string' } },
});

/** The headers of a page of such a list. */
export const pagedListHeaders = (rows: string) => ({
  'X-Total-Count': { description: 'Anzahl aller Treffer (über alle Seiten)', schema: { type: 'integer' } },
  ...nextPageHeaders(rows),
});
