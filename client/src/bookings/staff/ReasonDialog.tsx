import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Form, useField } from 'react-final-form';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';

interface ReasonValues {
  reason: string;
}

function ReasonField({ id, hint }: { id: string; hint: string }) {
  const { input } = useField<string>('reason');
  return (
    <FormGroup label="Grund" labelFor={id} labelInfo={hint}>
      <TextArea {...input} value={input.value ?? ''} id={id} rows={4} fill autoFocus />
    </FormGroup>
  );
}

/**
 * Asking before rejecting or cancelling bookings, with a free-text reason mailed to the customer;
 * 800 px wide like the other dialogs of the bookings screen. `onSubmit` gets the trimmed reason;
 * the dialog closes itself only when the caller says so.
 */
export function ReasonDialog({ title, question, submitText, reasonId, reasonHint, onSubmit, onClose }: {
  title: string;
  question: ReactNode;
  submitText: string;
  /** The reason field's element id (one per kind of dialog). */
  reasonId: string;
  /** The label's note, e.g. "(wird der Kundin oder dem Kunden mitgeteilt)". */
  reasonHint: string;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const failedSave = useFailedSaveFeedback<ReasonValues>();
  return (
    <Dialog isOpen title={title} onClose={onClose} className="booking-dialog">
      <Form<ReasonValues>
        initialValues={{ reason: '' }}
        onSubmit={({ reason }) => onSubmit(reason?.trim() ?? '')}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting }) => (
          <form noValidate ref={failedSave.formRef} onSubmit={(event) => void handleSubmit(event)}>
            <DialogBody>
              <p>{question}</p>
              <ReasonField id={reasonId} hint={reasonHint} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text="Abbrechen" onClick={onClose} />
                  <Button type="submit" intent="danger" text={submitText} loading={submitting} />
                </>
              }
            />
          </form>
        )}
      />
    </Dialog>
  );
}
