import { setIn, type ValidationErrors } from 'final-form';
import type { z } from 'zod';
import { type FieldErrors, parseFields } from '../../../../common/validation/schema';

/** A schema's German messages by dotted path, nested as react-final-form expects them at the fields. */
export function nestedErrors(fieldErrors: FieldErrors): Record<string, unknown> {
  let nested: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(fieldErrors)) nested = setIn(nested, path, message) as Record<string, unknown>;
  return nested;
}

/** react-final-form's record-level validate through a schema from common/: {} when the values pass. */
export function validateWithSchema(schema: z.ZodType, values: unknown): Record<string, unknown> {
  const result = parseFields(schema, values);
  return result.ok ? {} : nestedErrors(result.fieldErrors);
}

/**
 * A form's record-level `validate` from a schema in `common/`: the schema's German messages at the
 * fields they name (`bookableItems.1.amount` becomes the nested path react-final-form reads), so a
 * form checks with the same rules and words as the server.
 */
export function schemaValidate<Values extends object>(schema: z.ZodType): (values: Values) => ValidationErrors {
  return (values) => validateWithSchema(schema, values);
}
