import { CombinedGraphQLErrors } from '@apollo/client';
import { FORM_ERROR, getIn, setIn, type SubmissionErrors } from 'final-form';
import { errorInfo } from '../toast';

/**
 * Field messages a server validation error carries (`extensions.fieldErrors`), keyed by the form's
 * field names (the server's names mapped through `rename`).
 */
function serverFieldErrors(error: unknown, rename: Record<string, string> = {}): Record<string, string> | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const fieldErrors = error.errors[0]?.extensions?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return undefined;
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (typeof message === 'string') result[rename[field] ?? field] = message;
  }
  return result;
}

/**
 * Messages keyed by dotted paths ("priceCategories.0.priceEur", "sso.serverUrl") as the nested
 * object react-final-form reads errors from.
 */
export function nestFieldErrors(flat: Record<string, string> | undefined): Record<string, unknown> | undefined {
  if (!flat) return undefined;
  let nested: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    // A message for a whole entry and one for its part cannot share a path: the first one stays.
    const blocked = parts.slice(0, -1).some((_, index) => typeof getIn(nested, parts.slice(0, index + 1).join('.')) === 'string');
    if (blocked || getIn(nested, path) !== undefined) continue;
    nested = setIn(nested, path, message) as Record<string, unknown>;
  }
  return nested;
}

/**
 * A save the server refused with field messages, as what react-final-form's onSubmit returns: the
 * messages at their fields, and the server's title and message under FORM_ERROR for the failed-save
 * toast. Undefined when the error names no field; the form then reports it with a toast of its own.
 */
export function serverSubmitErrors(error: unknown, rename: Record<string, string> = {}): SubmissionErrors | undefined {
  const fields = serverFieldErrors(error, rename);
  if (!fields || Object.keys(fields).length === 0) return undefined;
  const { title, message } = errorInfo(error);
  return { ...nestFieldErrors(fields), ...(title ? { [FORM_ERROR]: { title, message } } : {}) };
}
