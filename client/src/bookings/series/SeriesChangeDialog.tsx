import { CombinedGraphQLErrors } from '@apollo/client';
import { Button, Dialog, DialogBody, DialogFooter, H5, H6 } from '@blueprintjs/core';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useRef, useState } from 'react';
import { Form, useFormState } from 'react-final-form';
import { parseDate } from '../../../../common/time/berlin';
import type { BookingSeriesChangeInput, BookingSeriesDetailsFragment } from '../../gql/graphql';
import { DateField } from '../../shared/forms/DateField';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { useConventionalField } from '../../shared/forms/fieldConventions';
import { normalizeTime } from '../../shared/forms/pickerDate';
import { nestFieldErrors, serverSubmitErrors } from '../../shared/forms/serverErrors';
import { TextAreaField, TextField } from '../../shared/forms/TextField';
import { formatPeriod } from '../../shared/format';
import { errorInfo, notify, notifyError } from '../../shared/toast';
import { changePreview, changeSummary, initialChangeValues, refusedDates, refusedDatesText, type SeriesChangeAnswer, seriesChangeFieldAliases, seriesChangeRequest, type SeriesChangeValues } from './seriesChange';
import { seriesMessages } from './seriesMessages';
import { SeriesRuleFields } from './SeriesRuleFields';
import { seriesDateTexts } from './seriesText';

type SeriesDate = BookingSeriesDetailsFragment['dates'][number];

/** A preview and the change it was made for: shown only while the dialog still asks for that change. */
interface ShownPreview {
  request: string;
  answer: SeriesChangeAnswer;
  series: Pick<BookingSeriesDetailsFragment, 'dates'>;
}

/** What a preview answers for: the change without its note to the customer, which changes no date. */
const previewKey = ({ reason: _reason, ...change }: BookingSeriesChangeInput) => JSON.stringify(change);

/** The refusal's field messages (`extensions.fieldErrors`) of a GraphQL error. */
function fieldErrorsOf(error: unknown): Record<string, unknown> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const fields = error.errors[0]?.extensions?.fieldErrors;
  return fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
}

function DayField() {
  const { input, error } = useConventionalField<string>('day', { text: true });
  return <DateField id="series-change-day" label="Tag" value={input.value ?? ''} onChange={input.onChange} onBlur={input.onBlur} error={error} fill />;
}

/**
 * "Ab diesem Termin ändern…": from the shown date on the series follows a new rule from a new first
 * date (day, from, to), with the booking page's rule fields. "Vorschau" asks the server what the
 * change would do (simulated: nothing changes): the new rule's dates, free or why not, those that
 * stay, and those it would cancel. "Serie ändern" changes it; the dialog closes with a toast. What is
 * wrong shows at its field, the first one focused; a refusal because a date is taken ("nur ändern,
 * wenn alle Termine frei sind") names the dates there.
 */
export function SeriesChangeDialog({ series, from, remaining, onChange, onClose }: {
  series: BookingSeriesDetailsFragment;
  /** The shown date: the first one that changes. */
  from: SeriesDate;
  /** How many open dates the series has from the shown one on (the count the rule starts with). */
  remaining: number;
  onChange: (input: BookingSeriesChangeInput, simulate: boolean) => Promise<SeriesChangeAnswer>;
  onClose: () => void;
}) {
  const failedSave = useFailedSaveFeedback<SeriesChangeValues>();
  const [initialValues] = useState(() => initialChangeValues(series, from, remaining));
  const [validate] = useState(() => (values: SeriesChangeValues) => nestFieldErrors(seriesChangeRequest(values, from.bookingId).problems) ?? {});
  const [preview, setPreview] = useState<ShownPreview | null>(null);
  // Which button sent the form: "Vorschau" simulates, "Serie ändern" (and Enter) changes.
  const simulate = useRef(false);
  const { day } = seriesDateTexts(from);

  const submit = async (values: SeriesChangeValues): Promise<SubmissionErrors | undefined> => {
    const { input } = seriesChangeRequest(values, from.bookingId);
    if (!input) return undefined;
    const simulated = simulate.current;
    // The series as it is before the change: what the answer's dates stay or are new against.
    const before = { dates: series.dates };
    try {
      const answer = await onChange(input, simulated);
      if (simulated) {
        setPreview({ request: previewKey(input), answer, series: before });
        return undefined;
      }
      const outcome = changePreview(answer, before);
      notify({ type: 'success', ...seriesMessages.changed(outcome.booked, outcome.cancelled.length) });
      onClose();
      return undefined;
    } catch (error) {
      console.error('Serie nicht geändert:', error);
      const info = errorInfo(error);
      // Refused as not all dates are free (booking.series-unavailable): the dates are named by day.
      const refused = refusedDates(fieldErrorsOf(error));
      if (refused.length > 0) return { series: { requireAll: refusedDatesText(refused) }, [FORM_ERROR]: { title: info.title ?? seriesMessages.changeError.title, message: info.message } };
      const onFields = serverSubmitErrors(error, seriesChangeFieldAliases);
      if (onFields) return onFields;
      notifyError(error, seriesMessages.changeError);
      return undefined;
    }
  };

  return (
    <Dialog isOpen title="Serie ab diesem Termin ändern" onClose={onClose} className="booking-dialog series-change-dialog">
      <Form<SeriesChangeValues>
        initialValues={initialValues}
        validate={validate}
        onSubmit={submit}
        decorators={failedSave.decorators}
        subscription={{ submitting: true }}
        render={({ handleSubmit, submitting, form }) => (
          <form noValidate ref={failedSave.formRef} onSubmit={(event) => {
            simulate.current = false;
            void handleSubmit(event);
          }}>
            <DialogBody>
              <p>
                Ab dem Termin am {day} folgt die Serie „{series.rule.description}“ von {series.name || 'unbekannt'} der neuen Regel. Termine, die die neue Regel zur selben Zeit nennt, bleiben; die übrigen werden storniert, die neuen wie bei einer neuen Serie geprüft und gebucht, wenn sie frei sind.
              </p>
              <ChangeFields preview={preview} fromBookingId={from.bookingId} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text="Abbrechen" onClick={onClose} />
                  <Button
                    icon="eye-open"
                    text="Vorschau"
                    loading={submitting && simulate.current}
                    disabled={submitting}
                    onClick={() => {
                      simulate.current = true;
                      void form.submit();
                    }}
                  />
                  <Button type="submit" intent="primary" icon="edit" text="Serie ändern" loading={submitting && !simulate.current} disabled={submitting} />
                </>
              }
            />
          </form>
        )}
      />
    </Dialog>
  );
}

/** The dialog's fields, re-rendered with the values (the weekdays follow the first date's day). */
function ChangeFields({ preview, fromBookingId }: { preview: ShownPreview | null; fromBookingId: string }) {
  const { values } = useFormState<SeriesChangeValues>({ subscription: { values: true } });
  const day = parseDate((values.day ?? '').trim()) ? values.day.trim() : null;
  const current = seriesChangeRequest(values, fromBookingId).input;
  const shown = preview && current && preview.request === previewKey(current) ? preview : null;
  return (
    <>
      <section aria-labelledby="series-change-first-heading" className="series-change-section">
        <H5 id="series-change-first-heading">Erster geänderter Termin</H5>
        <div className="series-change-window">
          <DayField />
          <TextField name="from" id="series-change-from" label="von" placeholder="HH:MM" inputMode="numeric" onBlurFormat={normalizeTime} autoComplete="off" />
          <TextField name="to" id="series-change-to" label="bis" placeholder="HH:MM" inputMode="numeric" onBlurFormat={normalizeTime} autoComplete="off" />
        </div>
      </section>
      <section aria-labelledby="series-change-rule-heading" className="series-change-section">
        <H5 id="series-change-rule-heading">Regel ab diesem Termin</H5>
        <SeriesRuleFields values={values.series} firstDate={day} idPrefix="series-change" requireAllLabel="Nur ändern, wenn alle Termine frei sind" />
      </section>
      <TextAreaField name="reason" id="series-change-reason" label="Hinweis an die buchende Person" optional hint="wird mit der Änderung mitgeteilt" />
      {shown ? <ChangePreviewList preview={shown} /> : preview ? <p className="bp6-text-muted">Die Angaben wurden seit der Vorschau geändert; „Vorschau“ zeigt, was die Änderung nun täte.</p> : null}
    </>
  );
}

/** What the change would do: the new rule's dates (staying, free or why not) and the dates it cancels. */
function ChangePreviewList({ preview }: { preview: ShownPreview }) {
  const { dates, cancelled, ...counts } = changePreview(preview.answer, preview.series);
  return (
    <section aria-labelledby="series-change-preview-heading" className="series-change-preview">
      <H5 id="series-change-preview-heading">Vorschau</H5>
      <p role="status" className="series-change-summary">
        {changeSummary({ ...counts, cancelled })}
      </p>
      <H6 id="series-change-new-heading">Termine nach der neuen Regel</H6>
      <ul className="series-change-list" aria-labelledby="series-change-new-heading">
        {dates.map((date) => (
          <li key={date.date} className={`series-change-date series-change-${date.outcome}`}>
            <span className="series-change-when">{formatPeriod(date.timeBegin, date.timeEnd)}</span>
            <span className="series-change-state">{date.state}</span>
          </li>
        ))}
      </ul>
      <H6 id="series-change-cancelled-heading">Werden storniert ({cancelled.length})</H6>
      {cancelled.length > 0 ? (
        <ul className="series-change-list" aria-labelledby="series-change-cancelled-heading">
          {cancelled.map((date) => {
            const { day, time } = seriesDateTexts(date);
            return (
              <li key={date.bookingId} className="series-change-date">
                <span className="series-change-when">
                  {day}, {time}
                </span>
                <span className="series-change-state">Buchung {date.bookingId}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="bp6-text-muted">Kein Termin wird storniert.</p>
      )}
    </section>
  );
}
