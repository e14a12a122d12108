import type { z } from 'zod';
import { parseFields } from '../../../common/validation/schema.js';
import { AppError } from './errors.js';

/**
 * Parses a request's input with its schema from `common/`; wrong input is a 400 / GENERIC_VALIDATION
 * naming every wrong field with its German message, before anything is read or written. `detail`
 * says in a sentence what was wrong, where the fields alone (query parameters) would not.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: { detail?: string } = {}): z.output<S> {
  const result = parseFields(schema, input);
  if (!result.ok) throw new AppError('generic.validation', { ...(options.detail ? { detail: options.detail } : {}), fieldErrors: result.fieldErrors });
  return result.value;
}
