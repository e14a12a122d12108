import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useField, type UseFieldConfig } from 'react-final-form';
import { type FieldMessageMeta, shownFieldError } from './fieldMessage';

/**
 * How the fields of one form differ from those of another: everything else about a field (its
 * look, its label, its message line) is the same in every form.
 */
export interface FieldConventions {
  /** The DOM id of the input bound to a field name; labels and a failed save's focus lead there. */
  idOf: (name: string) => string;
  /** When a field's message is shown (see shownFieldError). */
  shownError: (meta: FieldMessageMeta) => string | undefined;
  /** Keeps an emptied text field as '' instead of final-form's default undefined, which drops the key from the values. */
  keepsEmptyText: boolean;
  /** Beside the label of a required field. */
  requiredMark?: ReactNode;
}

export const defaultFieldConventions: FieldConventions = { idOf: (name) => name, shownError: shownFieldError, keepsEmptyText: false };

/** DOM ids from field names under a prefix: prefixedFieldId('bookable')('priceCategories[0].priceEur') is bookable-priceCategories-0-priceEur. */
export const prefixedFieldId =
  (prefix: string) =>
  (name: string): string =>
    `${prefix}-${name.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

const FieldConventionsContext = createContext<FieldConventions>(defaultFieldConventions);

/** Sets the conventions of the fields inside; what is not given stays as in defaultFieldConventions. */
export function FieldConventionsProvider({ conventions, children }: { conventions: Partial<FieldConventions>; children: ReactNode }) {
  const value = useMemo(() => ({ ...defaultFieldConventions, ...conventions }), [conventions]);
  return <FieldConventionsContext.Provider value={value}>{children}</FieldConventionsContext.Provider>;
}

export function useFieldConventions(): FieldConventions {
  return useContext(FieldConventionsContext);
}

const keepText = (value: string) => value ?? '';

/**
 * A field bound by name under the form's conventions: its DOM id, the message it shows now, and for
 * text (`text: true`) the parse that keeps '' where the form wants it.
 */
export function useConventionalField<Value>(name: string, { text, ...config }: UseFieldConfig & { text?: boolean } = {}) {
  const conventions = useFieldConventions();
  const { input, meta } = useField<Value>(name, text && conventions.keepsEmptyText ? { ...config, parse: keepText } : config);
  return { input, meta, id: conventions.idOf(name), error: conventions.shownError(meta), conventions };
}
