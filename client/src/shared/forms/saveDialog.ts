import type { SubmissionErrors } from 'final-form';
import { notify, notifyError } from '../toast';
import { type FailedSaveFeedback, useFailedSaveFeedback } from './failedSave';
import { serverSubmitErrors } from './serverErrors';

interface Notice {
  title: string;
  message?: string;
}

export interface SaveOptions<Values> {
  /** The mutation (or mutations) the form's values are saved with. */
  save: (values: Values) => Promise<unknown>;
  /** The success toast. */
  saved: Notice | ((values: Values) => Notice);
  /**
   * A refusal that names no field: the fallback toast (the server's own title wins, see
   * notifyError), or the whole reaction to it.
   */
  failed: { title: string; message: string } | ((error: unknown) => void);
  /** After the success toast; in a dialog, closing it. */
  onSaved?: () => void;
  /** Server field names to the form's (see serverSubmitErrors). */
  fieldAliases?: Record<string, string>;
}

/**
 * One save as react-final-form's onSubmit: saved, the success toast, then `onSaved`. A refusal with
 * field messages comes back as submit errors (shown at the fields); any other failure as a toast.
 */
export async function submitSave<Values>(values: Values, options: SaveOptions<Values>): Promise<SubmissionErrors | undefined> {
  try {
    await options.save(values);
  } catch (error) {
    const submitErrors = serverSubmitErrors(error, options.fieldAliases);
    if (submitErrors) return submitErrors;
    if (typeof options.failed === 'function') options.failed(error);
    else notifyError(error, options.failed);
    return undefined;
  }
  notify({ type: 'success', ...(typeof options.saved === 'function' ? options.saved(values) : options.saved) });
  options.onSaved?.();
  return undefined;
}

export interface SaveDialog<Values extends object> extends FailedSaveFeedback<Values> {
  /** For `<Form onSubmit>`. */
  submit: (values: Values) => Promise<SubmissionErrors | undefined>;
}

/**
 * The save of a form dialog (or settings screen): `submit` for `<Form onSubmit>`, together with the
 * failed-save feedback (`<Form decorators>`, `<form ref={formRef}>`).
 */
export function useSaveDialog<Values extends object>(options: SaveOptions<Values>): SaveDialog<Values> {
  const feedback = useFailedSaveFeedback<Values>();
  return { ...feedback, submit: (values) => submitSave(values, options) };
}
