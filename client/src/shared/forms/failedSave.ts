import type { Decorator, FormState } from 'final-form';
import { type RefObject, useRef, useState } from 'react';
import { messages } from '../messages';
import { notify } from '../toast';

/**
 * Where a form shows that something is wrong: inputs mark themselves with aria-invalid, a message
 * without an input of its own (a group's error line) with data-field-error.
 */
export const INVALID_FIELD_SELECTOR = '[aria-invalid="true"], [data-field-error]';

type SubmitOutcome = Pick<FormState<object>, 'submitFailed' | 'hasValidationErrors' | 'hasSubmitErrors' | 'submitError'>;

/** A save attempt failed on the fields: stopped by their own checks, or refused by the server with field messages. */
export function saveFailedOnFields(state: SubmitOutcome): boolean {
  return Boolean(state.submitFailed && (state.hasValidationErrors || state.hasSubmitErrors));
}

/**
 * The toast of a failed save: the server's title and message when it refused the save (see
 * serverSubmitErrors), else the client's own "Validierungsfehler".
 */
export function failedSaveNotice(state: SubmitOutcome): { title: string; message?: string } {
  const fromServer: unknown = state.hasValidationErrors ? undefined : state.submitError;
  if (fromServer && typeof fromServer === 'object' && 'title' in fromServer && typeof fromServer.title === 'string') {
    const message = 'message' in fromServer && typeof fromServer.message === 'string' ? fromServer.message : undefined;
    return { title: fromServer.title, message };
  }
  return messages.validationFailed;
}

/** Frames to wait before looking: the fields mark themselves invalid in React's next render. */
const FRAMES_BEFORE_LOOKING = 2;
/** A field that mounts only once invalid (an opening panel) gets a few more frames. */
const FRAMES_AT_MOST = 10;

/** Scrolls the first invalid field of `container` (in DOM order) to the middle of the screen and focuses it. */
export function revealFirstInvalidField(container: () => HTMLElement | null): void {
  let frame = 0;
  const look = () => {
    frame += 1;
    const root = container();
    const target = frame >= FRAMES_BEFORE_LOOKING ? root?.querySelector<HTMLElement>(INVALID_FIELD_SELECTOR) : null;
    if (target) {
      // The middle keeps it clear of the top bar and a sticky save bar.
      target.scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
    } else if (frame < FRAMES_AT_MOST && root?.isConnected) {
      requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);
}

/**
 * A react-final-form decorator: after every save attempt that failed on the fields, the danger
 * toast, then the first invalid field scrolled into view and focused. A long form otherwise fails
 * silently when the invalid field is off screen.
 */
export function failedSaveDecorator<Values extends object>(container: () => HTMLElement | null): Decorator<Values> {
  return (form) => {
    const submit = form.submit;
    form.submit = () => {
      const result = submit();
      const afterwards = () => {
        const state = form.getState();
        if (!saveFailedOnFields(state)) return;
        notify({ type: 'danger', ...failedSaveNotice(state) });
        revealFirstInvalidField(container);
      };
      // A save that throws is reported by the form itself; here only its outcome is read.
      void Promise.resolve(result).then(afterwards, () => undefined);
      return result;
    };
    return () => {
      form.submit = submit;
    };
  };
}

export interface FailedSaveFeedback<Values extends object> {
  /** For the <form> element: where the invalid fields are looked for. */
  formRef: RefObject<HTMLFormElement | null>;
  /** For react-final-form's <Form decorators>; stable across renders as it requires. */
  decorators: Decorator<Values>[];
}

/** Wires the failed-save feedback into a form: `<Form decorators={…}>` and `<form ref={formRef}>`. */
export function useFailedSaveFeedback<Values extends object>(): FailedSaveFeedback<Values> {
  const formRef = useRef<HTMLFormElement>(null);
  const [decorators] = useState(() => [failedSaveDecorator<Values>(() => formRef.current)]);
  return { formRef, decorators };
}
