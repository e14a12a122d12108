import { Button, Card, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { Form, useField, useForm } from 'react-final-form';
import { allocationApplicationSchema, MAX_ALLOCATION_WISHES } from '../../../common/allocation/allocation.schema';
import type { WeekdayCode } from '../../../common/bookings/series';
import type { AllocationApplicationFieldsFragment, AllocationApplicationInput, AllocationRoundFieldsFragment } from '../gql/graphql';
import { FieldConventionsProvider, prefixedFieldId, useConventionalField } from '../shared/forms/fieldConventions';
import { fieldErrorMarker, helperLine } from '../shared/forms/fieldMessage';
import { normalizeTime } from '../shared/forms/pickerDate';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { useSaveDialog } from '../shared/forms/saveDialog';
import { TextAreaField, TextField } from '../shared/forms/TextField';
import { SelectField } from './allocationFields';
import { allocationToasts } from './allocationMessages';
import { allocationWeekdays, weekdayNames } from './allocationText';
import { wishObjectChoice, wishObjectFields, wishObjectOptions } from './wishObject';

export interface WishValues {
  bookableId: string;
  /** A kind of object instead of the object (staff choose the object); the schema wants one of the two, never both. */
  bookableType: string;
  weekday: WeekdayCode | '';
  timeBegin: string;
  timeEnd: string;
  interval: string;
  participants: string;
  priority: string;
  comment: string;
}

export interface ApplicationValues {
  name: string;
  contactName: string;
  mail: string;
  phone: string;
  registration: string;
  wishes: WishValues[];
}

/** The application's rules and messages as the server checks them (common/allocation/allocation.schema.ts). */
const validateApplication = schemaValidate<ApplicationValues>(allocationApplicationSchema);

const emptyWish = (priority: number, bookableId: string): WishValues => ({ bookableId, bookableType: '', weekday: '', timeBegin: '', timeEnd: '', interval: '1', participants: '', priority: String(priority), comment: '' });

export function applicationValues(application: AllocationApplicationFieldsFragment | null, round: AllocationRoundFieldsFragment, contact: { name: string; mail: string; phone: string }): ApplicationValues {
  if (!application) return { name: '', contactName: contact.name, mail: contact.mail, phone: contact.phone, registration: '', wishes: [emptyWish(1, round.bookables.length === 1 ? round.bookables[0].id : '')] };
  return {
    name: application.name,
    contactName: application.contactName,
    mail: application.mail,
    phone: application.phone,
    registration: application.registration,
    wishes: [...application.wishes]
      .sort((a, b) => a.priority - b.priority)
      .map((wish) => ({
        bookableId: wish.bookableId ?? '',
        bookableType: wish.bookableType ?? '',
        weekday: wish.weekday,
        timeBegin: wish.timeBegin,
        timeEnd: wish.timeEnd,
        interval: String(wish.interval),
        participants: String(wish.participants),
        priority: String(wish.priority),
        comment: wish.comment,
      })),
  };
}

/** The form's values as the API takes them. */
export function applicationInput(values: ApplicationValues): Omit<AllocationApplicationInput, 'id' | 'roundId'> {
  return {
    name: values.name.trim(),
    contactName: values.contactName.trim(),
    mail: values.mail.trim(),
    phone: values.phone.trim(),
    registration: values.registration.trim(),
    wishes: values.wishes.map((wish) => ({
      bookableId: wish.bookableId || null,
      bookableType: wish.bookableType || null,
      weekday: wish.weekday === '' ? 'MO' : wish.weekday,
      timeBegin: wish.timeBegin.trim(),
      timeEnd: wish.timeEnd.trim(),
      interval: Number(wish.interval) || 1,
      participants: wish.participants.trim() === '' ? 0 : Number(wish.participants),
      priority: Number(wish.priority),
      comment: wish.comment.trim(),
    })),
  };
}

const intervalOptions = [
  { value: '1', label: 'jede Woche' },
  { value: '2', label: 'jede zweite Woche' },
];

/**
 * The wish's object: one list of the round's objects and, below, their kinds ("Raum (beliebig)")
 * for an applicant who leaves the object to staff. It sets the wish's bookableId or bookableType;
 * a message on either shows here, and a failed save leads here.
 */
function WishObjectField({ index, round }: { index: number; round: AllocationRoundFieldsFragment }) {
  const object = useConventionalField<string>(`wishes[${index}].bookableId`);
  const kind = useConventionalField<string>(`wishes[${index}].bookableType`);
  const error = object.error ?? kind.error;
  const helperId = `${object.id}-helper`;
  const { objects, kinds } = wishObjectOptions(round.bookables);
  const choose = (choice: string) => {
    const fields = wishObjectFields(choice);
    object.input.onChange(fields.bookableId);
    kind.input.onChange(fields.bookableType);
  };
  return (
    <FormGroup label="Objekt" labelFor={object.id} helperText={<span id={helperId}>{helperLine(error, 'Ein bestimmtes Objekt, oder eine Objektart: Dann wählt die Verwaltung das Objekt.')}</span>} intent={error ? 'danger' : 'none'}>
      <HTMLSelect
        id={object.id}
        name={`wishes[${index}].bookableId`}
        fill
        value={wishObjectChoice({ bookableId: object.input.value ?? '', bookableType: kind.input.value ?? '' })}
        onChange={(event) => choose(event.currentTarget.value)}
        onFocus={object.input.onFocus}
        onBlur={() => {
          object.input.onBlur();
          kind.input.onBlur();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={helperId}
      >
        <option value="">Bitte wählen</option>
        <optgroup label="Objekte">
          {objects.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Objektarten (die Verwaltung wählt das Objekt)">
          {kinds.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      </HTMLSelect>
    </FormGroup>
  );
}

function WishFields({ index, round, onRemove }: { index: number; round: AllocationRoundFieldsFragment; onRemove: (() => void) | null }) {
  const name = (field: keyof WishValues) => `wishes[${index}].${field}`;
  return (
    <Card className="allocation-wish-form" compact>
      <fieldset className="allocation-fieldset">
        <legend className="allocation-wish-legend">Wunsch {index + 1}</legend>
        <WishObjectField index={index} round={round} />
        <div className="allocation-pair">
          <SelectField name={name('weekday')} label="Wochentag" placeholder="Bitte wählen" options={allocationWeekdays.map((weekday) => ({ value: weekday, label: weekdayNames[weekday] }))} />
          <SelectField name={name('interval')} label="Rhythmus" options={intervalOptions} />
        </div>
        <div className="allocation-pair">
          <TextField name={name('timeBegin')} label="Von" placeholder="HH:MM" onBlurFormat={normalizeTime} helperText="24 Stunden, z. B. 18:00" />
          <TextField name={name('timeEnd')} label="Bis" placeholder="HH:MM" onBlurFormat={normalizeTime} />
        </div>
        <div className="allocation-pair">
          <TextField name={name('participants')} label="Teilnehmende" inputMode="numeric" optional />
          <TextField name={name('priority')} label="Priorität" inputMode="numeric" helperText="1 ist Ihr wichtigster Wunsch" />
        </div>
        <TextAreaField name={name('comment')} label="Kommentar" optional rows={2} />
        {onRemove && <Button icon="trash" intent="danger" variant="minimal" text={`Wunsch ${index + 1} entfernen`} onClick={onRemove} />}
      </fieldset>
    </Card>
  );
}

function Wishes({ round }: { round: AllocationRoundFieldsFragment }) {
  const form = useForm<ApplicationValues>();
  const { input, meta } = useField<WishValues[]>('wishes', { subscription: { value: true, error: true, submitFailed: true } });
  const wishes = input.value || [];
  // A message for the list as a whole (none or too many wishes); the wishes' own fields speak for themselves.
  const listError = meta.submitFailed && typeof meta.error === 'string' ? meta.error : undefined;
  const add = () => form.change('wishes', [...wishes, emptyWish(Math.max(0, ...wishes.map((wish) => Number(wish.priority) || 0)) + 1, round.bookables.length === 1 ? round.bookables[0].id : '')]);
  return (
    // One form per open round on the page: the wishes' heading id and the region's name are the round's own.
    <section aria-labelledby={`application-wishes-heading-${round.id}`}>
      <h3 id={`application-wishes-heading-${round.id}`} className="bp6-heading">
        Ihre Wünsche<span className="allocation-visually-hidden"> für {round.title}</span>
      </h3>
      {wishes.map((_, index) => (
        <WishFields key={index} index={index} round={round} onRemove={wishes.length > 1 ? () => form.change('wishes', wishes.filter((__, other) => other !== index)) : null} />
      ))}
      {listError && (
        <p className="form-error" {...fieldErrorMarker}>
          {listError}
        </p>
      )}
      <Button icon="add" text="Wunsch hinzufügen" disabled={wishes.length >= MAX_ALLOCATION_WISHES} onClick={add} />
    </section>
  );
}

/** The application to a round: the organisation, how to reach it, and its wishes; new or changed while the window is open. */
export function ApplicationForm({ round, startValues, submitText, onSave, onCancel }: {
  round: AllocationRoundFieldsFragment;
  startValues: ApplicationValues;
  submitText: string;
  onSave: (values: ApplicationValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [initial] = useState(startValues);
  const [conventions] = useState(() => ({ idOf: prefixedFieldId(`application-${round.id}`) }));
  const save = useSaveDialog<ApplicationValues>({ save: onSave, saved: submitText === 'Bewerbung einreichen' ? allocationToasts.applied : allocationToasts.applicationSaved, failed: allocationToasts.applicationError, onSaved: onCancel });
  return (
    <FieldConventionsProvider conventions={conventions}>
      <Form<ApplicationValues>
        initialValues={initial}
        onSubmit={save.submit}
        validate={validateApplication}
        decorators={save.decorators}
        render={({ handleSubmit, submitting }) => (
          <form noValidate ref={save.formRef} className="allocation-application-form" aria-label={`Bewerbung für ${round.title}`} onSubmit={(event) => void handleSubmit(event)}>
            <h3 className="bp6-heading">Ihre Organisation</h3>
            <TextField name="name" label="Name der Organisation" autoComplete="organization" helperText="Verein, Gruppe oder Schule" />
            <div className="allocation-pair">
              <TextField name="contactName" label="Ansprechperson" autoComplete="name" />
              <TextField name="registration" label="Registernummer oder Mitgliedsnummer" optional />
            </div>
            <div className="allocation-pair">
              <TextField name="mail" label="E-Mail" type="email" autoComplete="email" />
              <TextField name="phone" label="Telefon" type="tel" autoComplete="tel" optional />
            </div>
            <Wishes round={round} />
            <div className="allocation-form-actions">
              {onCancel && <Button text="Abbrechen" onClick={onCancel} />}
              <Button type="submit" intent="primary" icon="send-message" text={submitText} loading={submitting} />
            </div>
          </form>
        )}
      />
    </FieldConventionsProvider>
  );
}
