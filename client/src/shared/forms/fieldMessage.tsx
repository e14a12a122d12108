import type { ReactNode } from 'react';

/** What react-final-form tells a field about its messages (a subset of its FieldMetaState). */
export interface FieldMessageMeta {
  error?: unknown;
  submitError?: unknown;
  touched?: boolean;
  modified?: boolean;
  submitFailed?: boolean;
  dirtySinceLastSubmit?: boolean;
}

/**
 * The one rule for when a field shows its message. A field's own check speaks once the field was
 * changed and left, or after a save attempt, and then exactly as long as the value is invalid: it
 * is gone with the first valid keystroke. A message of the server stays until the field is changed.
 */
export function shownFieldError(meta: FieldMessageMeta): string | undefined {
  if (typeof meta.error === 'string' && meta.error && meta.touched && (meta.modified || meta.submitFailed)) return meta.error;
  if (typeof meta.submitError === 'string' && meta.submitError && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}

/**
 * A field's helper line: the message while invalid, else the hint, else an empty line. The line
 * is always there, so a message appearing or going away never moves the fields below it.
 */
export function helperLine(error: string | undefined, hint?: ReactNode): ReactNode {
  return error ?? hint ?? <span aria-hidden="true">{'\u00a0'}</span>;
}

/**
 * Marks a message that has no input of its own (a group's error line) as the place a failed save
 * leads to; inputs mark themselves with aria-invalid.
 */
export const fieldErrorMarker = { 'data-field-error': true, tabIndex: -1 } as const;
