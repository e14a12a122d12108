/** UUID text as PostgreSQL's uuid type accepts it; other ids can never match a uuid column. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

// The id length every input keeps, shared with the forms.
export { fitsIdLength, idMessages, MAX_ID_LENGTH } from '../../../common/validation/ids.js';
