import type { z } from 'zod';
import { parseFields, type FieldErrors } from '../../../common/validation/schema.js';
import { AppError } from './errors.js';

/**
 * Parses a request's input with its schema from `common/`; wrong input is a 400 / GENERIC_VALIDATION
 * naming every wrong field with its German message, before anything is read or written. `detail`
 * says in a sentence what was wrong, where the fields alone (query parameters) would not; as a
 * function it words the sentence from the fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: { detail?: string | ((fieldErrors: FieldErrors) => string) } = {}): z.output<S> {
  const result = parseFields(schema, input);
  if (!result.ok) {
    const detail = typeof options.detail === 'function' ? options.detail(result.fieldErrors) : options.detail;
    throw new AppError('generic.validation', { ...(detail ? { detail } : {}), fieldErrors: result.fieldErrors });
  }
  return result.value;
}
