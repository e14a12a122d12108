import { FormGroup, H4, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import { useField, useForm } from 'react-final-form';
import { type EventFormat, eventFormats, hasEventLink, hasVenue } from '../eventFormValues';
import { fieldLabels } from '../eventValidation';
import { useWizardContext } from '../wizardContext';
import { venueAddress } from '../venueAddress';
import { fieldId } from '../wizardFields';
import { TextField } from '../../../shared/forms/TextField';

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** A choice among the tenant's bookables of one type; a stored choice no longer listed stays selectable by id. */
function BookableSelect<Choice extends { id: string; title: string }>(props: { name: string; label: string; emptyText: string; choices: Choice[]; loading: boolean; onChosen?: (choice: Choice) => void }) {
  const { name, label, emptyText, choices, loading, onChosen } = props;
  const { input } = useField<string>(name);
  const id = fieldId(name);
  const value = input.value ?? '';
  const choose = (chosenId: string) => {
    input.onChange(chosenId);
    const choice = choices.find((candidate) => candidate.id === chosenId);
    if (choice) onChosen?.(choice);
  };
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} fill value={value} onChange={(event) => choose(event.currentTarget.value)}>
        <option value="">{loading && choices.length === 0 ? 'Daten werden geladen...' : emptyText}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title}
          </option>
        ))}
        {value && !loading && !choices.some((choice) => choice.id === value) && <option value={value}>{value}</option>}
      </HTMLSelect>
    </FormGroup>
  );
}

/** Step 2: venue name and contact, format, link (hybrid, online), venue and room (in person, hybrid), address. */
export function LocationStep() {
  const { options, optionsLoading } = useWizardContext();
  const form = useForm();
  // A chosen venue brings its name and address (from its location text); the fields stay editable.
  const fillFromVenue = (venue: { title: string; location: string }) => {
    const address = venueAddress(venue.location);
    form.batch(() => {
      form.change('eventLocation.name', venue.title);
      if (venue.location.trim()) for (const [field, value] of Object.entries(address)) form.change(`eventAddress.${field}`, value);
    });
  };
  const { input: format } = useField<EventFormat>('format');
  const current = (Number(format.value) || 0) as EventFormat;
  return (
    <>
      <TextField name="eventLocation.name" label={fieldLabels.venueName} required />
      <div className="event-wizard-grid">
        <TextField name="eventLocation.phoneNumber" label="Telefon für Rückfragen" type="tel" />
        <TextField name="eventLocation.emailAddress" label={fieldLabels.venueEmail} type="email" required />
      </div>
      <RadioGroup label="Format" name="event-format" inline selectedValue={String(current)} onChange={(event) => format.onChange(Number(event.currentTarget.value) as EventFormat)}>
        {eventFormats.map((choice) => (
          <Radio key={choice.value} id={`event-format-${choice.value}`} label={choice.label} value={String(choice.value)} />
        ))}
      </RadioGroup>
      {hasEventLink(current) && <TextField name="eventLocation.url" label="Link zur Veranstaltung" type="url" placeholder="https://" />}
      {hasVenue(current) && (
        <div className="event-wizard-grid">
          <BookableSelect name="eventLocation.select" label="Veranstaltungsort auswählen" emptyText="Kein Veranstaltungsort" choices={options?.venues ?? []} loading={optionsLoading} onChosen={fillFromVenue} />
          <BookableSelect name="eventLocation.room" label="Raum auswählen" emptyText="Kein Raum" choices={options?.rooms ?? []} loading={optionsLoading} />
        </div>
      )}
      <H4 className="event-wizard-subtitle">Adresse</H4>
      <div className="event-wizard-grid">
        <TextField name="eventAddress.street" label="Straße" />
        <TextField name="eventAddress.houseNumber" label="Hausnummer" />
      </div>
      <TextField name="eventAddress.additional" label="Adresszusatz" />
      <div className="event-wizard-grid">
        <TextField name="eventAddress.zip" label="Postleitzahl" inputMode="numeric" filter={digitsOnly} />
        <TextField name="eventAddress.city" label="Ort" />
      </div>
      <p className="bp6-text-muted event-wizard-note">*Pflichtfelder</p>
    </>
  );
}
