import { Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { allocationDecisionBodySchema } from '../../../common/allocation/allocation.schema';
import type { WeekdayCode } from '../../../common/bookings/series';
import type { AllocationDecision } from '../gql/graphql';
import { DialogSaveFooter } from '../shared/forms/DialogSaveFooter';
import { FieldConventionsProvider, prefixedFieldId } from '../shared/forms/fieldConventions';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { useSaveDialog } from '../shared/forms/saveDialog';
import { TextAreaField, TextField } from '../shared/forms/TextField';
import { SelectField } from './allocationFields';
import { allocationToasts } from './allocationMessages';
import { allocationWeekdays, slotText, weekdayNames } from './allocationText';
import { kindName } from './wishObject';

export interface DecisionValues {
  decision: AllocationDecision;
  bookableId: string;
  weekday: WeekdayCode | '';
  timeBegin: string;
  timeEnd: string;
  reason: string;
}

/** The decision's rules and messages as the server checks them. */
const validateDecision = schemaValidate<DecisionValues>(allocationDecisionBodySchema);
const conventions = { idOf: prefixedFieldId('decision') };

export interface DecidedWish {
  applicantName: string;
  bookableId: string | null;
  /** A kind of object when the applicant left the object to staff: the objects offered are of that kind, none preselected. */
  bookableType: string | null;
  weekday: WeekdayCode;
  timeBegin: string;
  timeEnd: string;
}

/**
 * "Zusagen mit anderer Zeit" (object, weekday and times prefilled with the wish, each changeable)
 * or "Absagen" (a reason the applicant reads, required). Stays open when the server refuses, e.g.
 * because the new time overlaps another grant.
 */
export function DecisionDialog({ mode, wish, objects, onDecide, onClose }: {
  mode: AllocationDecision;
  wish: DecidedWish;
  objects: { id: string; title: string }[];
  onDecide: (values: DecisionValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const [startValues] = useState<DecisionValues>(() => ({
    decision: mode,
    bookableId: wish.bookableId ?? (wish.bookableType ? '' : (objects[0]?.id ?? '')),
    weekday: wish.weekday,
    timeBegin: wish.timeBegin,
    timeEnd: wish.timeEnd,
    reason: '',
  }));
  const dialog = useSaveDialog<DecisionValues>({
    save: onDecide,
    saved: mode === 'GRANT' ? allocationToasts.granted : allocationToasts.declined,
    failed: allocationToasts.decisionError,
    onSaved: onClose,
  });
  const granting = mode === 'GRANT';
  const forKind = !wish.bookableId && wish.bookableType !== null;
  const title = !granting ? `Absagen: ${wish.applicantName}` : forKind ? `Objekt wählen und zusagen: ${wish.applicantName}` : `Zusagen mit anderer Zeit: ${wish.applicantName}`;
  return (
    <Dialog isOpen title={title} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 640 }}>
      <FieldConventionsProvider conventions={conventions}>
        <Form<DecisionValues>
          initialValues={startValues}
          onSubmit={dialog.submit}
          validate={validateDecision}
          decorators={dialog.decorators}
          render={({ handleSubmit, submitting }) => (
            <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
              <DialogBody>
                <p>
                  Gewünscht: {forKind ? `Objektart ${kindName(wish.bookableType ?? '')}, ` : ''}
                  {slotText(wish)}
                </p>
                {granting ? (
                  <>
                    <SelectField
                      name="bookableId"
                      label="Objekt"
                      placeholder={forKind ? 'Bitte wählen' : undefined}
                      hint={forKind ? `Ein Objekt der gewünschten Art (${kindName(wish.bookableType ?? '')})` : undefined}
                      options={objects.map((object) => ({ value: object.id, label: object.title }))}
                    />
                    <SelectField name="weekday" label="Wochentag" options={allocationWeekdays.map((weekday) => ({ value: weekday, label: weekdayNames[weekday] }))} />
                    <div className="allocation-pair">
                      <TextField name="timeBegin" label="Von" placeholder="HH:MM" />
                      <TextField name="timeEnd" label="Bis" placeholder="HH:MM" />
                    </div>
                    <TextAreaField name="reason" label="Hinweis an die Bewerbung" optional />
                  </>
                ) : (
                  <TextAreaField name="reason" label="Begründung" hint="Die Bewerbung liest diese Begründung." rows={4} />
                )}
              </DialogBody>
              <DialogSaveFooter onCancel={onClose} saving={submitting} saveText={granting ? 'Zusagen' : 'Absagen'} />
            </form>
          )}
        />
      </FieldConventionsProvider>
    </Dialog>
  );
}
