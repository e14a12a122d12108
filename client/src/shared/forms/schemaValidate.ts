import { setIn } from 'final-form';
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
