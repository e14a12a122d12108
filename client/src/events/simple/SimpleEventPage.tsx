import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, FormGroup, H3, Switch, TagInput } from '@blueprintjs/core';
import { useMemo, useRef } from 'react';
import { Form, useField } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { FilePicker } from '../../files/FilePicker';
import { CreateSimpleEventDocument, EventListDocument, EventListQuotaDocument, EventListTagsDocument } from '../../gql/graphql';
import { DateTimeField } from '../../shared/forms/DateTimeField';
import { failedSaveDecorator } from '../../shared/forms/failedSave';
import { helperLine, shownFieldError } from '../../shared/forms/fieldMessage';
import { TextAreaField, TextField } from '../../shared/forms/TextField';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { RichTextEditor } from '../../shared/RichTextEditor';
import { useAppState } from '../../shared/store';
import { notify, notifyError } from '../../shared/toast';
import { eventMessages } from '../eventMessages';
import { emptySimpleEvent, simpleEventInput, type SimpleEventValues, validateSimpleEvent } from './simpleEventForm';
import './simpleEvent.css';
import { PageTitle } from '../../shared/PageTitle';

const EVENT_LIST = '/admin/veranstaltungen';

/** The simple event creator (/admin/veranstaltungen/create/simple-event): one page, its own messages. */
export default function SimpleEventPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <SimpleEventForm key={tenantId} tenantId={tenantId} />;
}

function DescriptionField() {
  const { input } = useField<string>('description');
  return (
    <FormGroup>
      <label className="bp6-label" id="simple-event-description-label">
        Beschreibung
      </label>
      <RichTextEditor value={input.value ?? ''} onChange={(html) => input.onChange(html)} ariaLabelledBy="simple-event-description-label" ariaLabel="Beschreibung" id="simple-event-description" />
    </FormGroup>
  );
}

function KeywordsField() {
  const { input } = useField<string[]>('tags');
  return (
    <FormGroup label="Schlagwörter" labelFor="simple-event-tags" helperText="Enter oder Komma fügt ein Schlagwort hinzu">
      <TagInput
        values={input.value || []}
        onChange={(next) => input.onChange([...new Set(next.map((value) => String(value).trim()).filter(Boolean))])}
        addOnBlur
        addOnPaste
        inputProps={{ id: 'simple-event-tags' }}
        // Enter adds the word; it must not also submit the form.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        tagProps={{ minimal: true }}
        fill
      />
    </FormGroup>
  );
}

function TitleImageField({ tenantId }: { tenantId: string }) {
  const { input } = useField<string>('teaserImage');
  return (
    <>
      <FilePicker tenantId={tenantId} id="simple-event-image" label="Titelbild" value={input.value ?? ''} onChange={input.onChange} customDirectory="events" imagesOnly allowProtected={false} />
      {input.value && <img className="simple-event-image-preview" src={input.value} alt="Vorschau des Titelbilds" />}
    </>
  );
}

const unlimitedSeatsHint = 'Leer lassen für unbegrenzte Plätze.';

function RegistrationFields() {
  const { input } = useField<boolean>('needsRegistration', { type: 'checkbox' });
  const seats = useField<string>('maxAttendees');
  const error = shownFieldError(seats.meta);
  return (
    <>
      <Switch label="Teilnehmer müssen sich anmelden" checked={Boolean(input.checked)} onChange={(event) => input.onChange(event.currentTarget.checked)} />
      {input.checked && (
        <FormGroup label="Maximale Teilnehmerzahl" labelFor="simple-event-seats" helperText={helperLine(error, unlimitedSeatsHint)} intent={error ? 'danger' : 'none'}>
          <input {...seats.input} id="simple-event-seats" inputMode="numeric" className={`bp6-input${error ? ' bp6-intent-danger' : ''}`} aria-invalid={error ? true : undefined} />
        </FormGroup>
      )}
    </>
  );
}

function SimpleEventForm({ tenantId }: { tenantId: string }) {
  const navigate = useNavigate();
  const container = useRef<HTMLFormElement>(null);
  const decorators = useMemo(() => [failedSaveDecorator<SimpleEventValues>(() => container.current)], []);
  // One object for the form's life: new initial values on a re-render (the quota answering) would
  // reset the form and lose what was typed so far.
  const initialValues = useMemo(() => emptySimpleEvent(), []);
  const quota = useQuery(EventListQuotaDocument, { variables: { tenantId }, fetchPolicy: 'network-only' });
  const visible = quota.data?.eventPublicQuotaAvailable !== false;
  const [create] = useMutation(CreateSimpleEventDocument, { refetchQueries: [EventListDocument, EventListTagsDocument, EventListQuotaDocument] });

  const submit = async (values: SimpleEventValues) => {
    try {
      await create({ variables: { tenantId, input: simpleEventInput(values, visible) } });
      notify({ type: 'success', ...eventMessages.created });
      void navigate(EVENT_LIST);
    } catch (failure) {
      console.error('Veranstaltung nicht erstellt:', failure);
      notifyError(failure, eventMessages.somethingWrong);
    }
  };

  return (
    <section className="simple-event">
      <PageTitle>Einfache Event-Erstellung</PageTitle>
      {!visible && (
        <Callout intent="primary" icon="info-sign" className="simple-event-quota">
          Die maximale Anzahl an öffentlichen Events ist erreicht: die Veranstaltung wird nicht sichtbar angelegt.
        </Callout>
      )}
      <Form<SimpleEventValues> onSubmit={submit} initialValues={initialValues} validate={validateSimpleEvent} decorators={decorators} subscription={{ valid: true, submitting: true }}>
        {({ handleSubmit, form, valid, submitting }) => (
          <form ref={container} onSubmit={(event) => void handleSubmit(event)} noValidate>
            <H3>Informationen</H3>
            <TextField name="name" id="simple-event-name" label="Name der Veranstaltung" />
            <TitleImageField tenantId={tenantId} />
            <TextAreaField name="teaserText" id="simple-event-teaser" label="Kurzbeschreibung" optional />
            <DescriptionField />
            <KeywordsField />
            <div className="simple-event-row">
              <DateTimeField name="start" id="simple-event-start" label="Beginn" hint="Datum und Uhrzeit (24 Stunden)" />
              <DateTimeField name="end" id="simple-event-end" label="Ende" hint="Datum und Uhrzeit (24 Stunden)" />
            </div>
            <H3>Veranstaltungsort</H3>
            <TextField name="venueName" id="simple-event-venue" label="Name des Veranstaltungsorts" />
            <div className="simple-event-row">
              <TextField name="street" id="simple-event-street" label="Straße" optional />
              <TextField name="houseNumber" id="simple-event-house" label="Hausnummer" optional />
            </div>
            <div className="simple-event-row">
              <TextField name="zip" id="simple-event-zip" label="PLZ" optional />
              <TextField name="city" id="simple-event-city" label="Ort" optional />
            </div>
            <H3>Veranstalter</H3>
            <TextField name="organizerName" id="simple-event-organizer" label="Name des Veranstalters" />
            <TextField name="contactName" id="simple-event-contact" label="Name der Kontaktperson" />
            <div className="simple-event-row">
              <TextField name="contactPhone" id="simple-event-phone" type="tel" label="Telefon" />
              <TextField name="contactEmail" id="simple-event-mail" type="email" label="E-Mail" />
            </div>
            <H3>Teilnehmer</H3>
            <RegistrationFields />
            <div className="simple-event-actions">
              <Button
                text="Zurück"
                onClick={() => {
                  form.reset(emptySimpleEvent());
                  void navigate(EVENT_LIST);
                }}
              />
              <Button type="submit" intent="primary" text="Absenden" disabled={!valid} loading={submitting} />
            </div>
          </form>
        )}
      </Form>
    </section>
  );
}
