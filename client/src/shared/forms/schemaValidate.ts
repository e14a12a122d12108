import { setIn, type ValidationErrors } from 'final-form';
import type { z } from 'zod';
import { parseFields } from '../../../../common/validation/schema';

/**
 * A form's record-level `validate` from a schema in `common/`: the schema's German messages at the
 * fields they name (`bookableItems.1.amount` becomes the nested path react-final-form reads), so a
 * form checks with the same rules and words as the server.
 */
export function schemaValidate<Values extends object>(schema: z.ZodType): (values: Values) => ValidationErrors {
  return (values) => {
    const result = parseFields(schema, values);
    if (result.ok) return {};
    return Object.entries(result.fieldErrors).reduce<object>((errors, [path, message]) => setIn(errors, path, message), {});
  };
}
