import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { Form, useField } from 'react-final-form';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { datesText } from './seriesText';

/** FOLLOWING: the given date and every later one; ALL: the whole series. */
export type SeriesCancelScope = 'FOLLOWING' | 'ALL';

export const seriesCancelTitles: Record<SeriesCancelScope, string> = {
  FOLLOWING: 'Diesen und alle folgenden Termine stornieren',
  ALL: 'Ganze Serie stornieren',
};

interface ReasonValues {
  reason: string;
}

function ReasonField() {
  const { input } = useField<string>('reason');
  return (
    <FormGroup label="Grund" labelFor="series-cancel-reason" labelInfo="(optional, wird der Kundin oder dem Kunden mitgeteilt)">
      <TextArea {...input} value={input.value ?? ''} id="series-cancel-reason" rows={4} fill autoFocus />
    </FormGroup>
  );
}

/**
 * Cancelling several dates of a series at once, after asking, with an optional reason mailed to the
 * customer, like the single booking's cancel dialog; 800 px wide. `onConfirm` runs the cancellation
 * and tells whether it worked (its toast is its own); the dialog stays open when it did not.
 */
export function SeriesCancelDialog({ scope, description, customer, dayFrom, count, onConfirm, onClose }: {
  scope: SeriesCancelScope;
  description: string;
  customer: string;
  /** The first date cancelled ("Di, 03.11.2027") when cancelling from a date on. */
  dayFrom: string | null;
  /** How many dates are not yet cancelled or rejected in the scope. */
  count: number;
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const failedSave = useFailedSaveFeedback<ReasonValues>();
  const title = seriesCancelTitles[scope];
  const which = scope === 'ALL' || !dayFrom ? 'alle offenen Termine' : `den Termin am ${dayFrom} und alle folgenden`;
  const submit = async ({ reason }: ReasonValues) => {
    if (await onConfirm(reason?.trim() ?? '')) onClose();
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} className="booking-dialog">
      <Form<ReasonValues>
        initialValues={{ reason: '' }}
        onSubmit={submit}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting }) => (
          <form noValidate ref={failedSave.formRef} onSubmit={(event) => void handleSubmit(event)}>
            <DialogBody>
              <p>
                Möchten Sie {which} ({datesText(count)}) der Serie „{description}“ von {customer || 'unbekannt'} wirklich stornieren?
              </p>
              <ReasonField />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text="Abbrechen" onClick={onClose} />
                  <Button type="submit" intent="danger" text={title} loading={submitting} />
                </>
              }
            />
          </form>
        )}
      />
    </Dialog>
  );
}
