import { getIn } from 'final-form';
import { useField, useForm } from 'react-final-form';

/**
 * A list of the form (price categories, time periods, special dates) edited as one value.
 * Its entries are deliberately not registered as fields of their own: react-final-form 7 resets
 * a newly registered field to its initial value, so an entry added at an index that existed
 * initially (or the empty entry added when a mode is switched on) would take the old values.
 */
export interface ArrayField<T> {
  list: T[];
  set: (list: T[]) => void;
  update: (index: number, patch: Partial<T>) => void;
  /**
   * The message at a path inside the list ("0.priceEur"): the form's own check once a save was
   * tried, as long as it applies; the server's until the list is changed.
   */
  errorAt: (path: string) => string | undefined;
}

export function useArrayField<T>(name: string): ArrayField<T> {
  const form = useForm();
  const { input, meta } = useField<T[]>(name, { subscription: { value: true, error: true, submitFailed: true, submitError: true, dirtySinceLastSubmit: true } });
  const list = Array.isArray(input.value) ? input.value : [];
  return {
    list,
    set: (next) => form.change(name, next),
    update: (index, patch) => form.change(name, list.map((item, position) => (position === index ? { ...item, ...patch } : item))),
    errorAt: (path) => {
      const own: unknown = meta.submitFailed ? getIn(meta.error ?? {}, path) : undefined;
      if (typeof own === 'string') return own;
      if (meta.dirtySinceLastSubmit) return undefined;
      const error: unknown = getIn(meta.submitError ?? {}, path);
      return typeof error === 'string' ? error : undefined;
    },
  };
}
