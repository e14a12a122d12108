import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * Field messages a server validation error carries (`extensions.fieldErrors`), in the shape
 * react-final-form takes as submit errors. Maps the server's field names to the form's.
 */
export function serverFieldErrors(error: unknown, rename: Record<string, string> = {}): Record<string, string> | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const fieldErrors = error.errors[0]?.extensions?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return undefined;
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (typeof message === 'string') result[rename[field] ?? field] = message;
  }
  return result;
}
