import { Button, H4 } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { newSpeaker, type SpeakerValues } from '../eventFormValues';
import { fieldLabels } from '../eventValidation';
import { eventDirectories } from '../wizardLists';
import { useWizardContext } from '../wizardContext';
import { ImageField, ImagePicker, PlainInput, useListField } from '../wizardFields';
import { SwitchField } from '../../../shared/forms/SwitchField';
import { TextField } from '../../../shared/forms/TextField';

/** Step 3: organizer, the contact person (switch, on by default) and the speakers. */
export function OrganizerStep() {
  const { tenantId } = useWizardContext();
  const contact = useField<boolean>('eventOrganizer.addContactPerson', { subscription: { value: true } }).input.value;
  const speakers = useListField<SpeakerValues>('eventOrganizer.speakers');
  return (
    <>
      <TextField name="eventOrganizer.name" label={fieldLabels.organizerName} required />
      <SwitchField name="eventOrganizer.addContactPerson" label="Kontaktperson hinzufügen" />
      {contact && (
        <div className="event-wizard-subsection">
          <TextField name="eventOrganizer.contactPersonName" label={fieldLabels.contactName} required />
          <div className="event-wizard-grid">
            <TextField name="eventOrganizer.contactPersonPhoneNumber" label={fieldLabels.contactPhone} type="tel" required />
            <TextField name="eventOrganizer.contactPersonEmailAddress" label={fieldLabels.contactEmail} type="email" required />
          </div>
          <ImageField tenantId={tenantId} name="eventOrganizer.contactPersonImage" label="Foto der Kontaktperson" directory={eventDirectories.contacts} previewAlt="Foto der Kontaktperson" />
        </div>
      )}
      <H4 className="event-wizard-subtitle">Referenten</H4>
      {speakers.list.map((speaker, index) => {
        const id = (field: string) => `event-speakers-${index}-${field}`;
        const title = `Referent ${index + 1}`;
        return (
          <fieldset key={speaker.id} className="event-wizard-row">
            <legend>{title}</legend>
            <div className="event-wizard-grid">
              <PlainInput id={id('name')} label="Name" value={speaker.name} onChange={(name) => speakers.update(index, { name })} error={speakers.errorAt(`${index}.name`)} />
              <PlainInput id={id('phoneNumber')} label="Telefon" type="tel" value={speaker.phoneNumber} onChange={(phoneNumber) => speakers.update(index, { phoneNumber })} error={speakers.errorAt(`${index}.phoneNumber`)} />
              <PlainInput id={id('emailAddress')} label="E-Mail" type="email" value={speaker.emailAddress} onChange={(emailAddress) => speakers.update(index, { emailAddress })} error={speakers.errorAt(`${index}.emailAddress`)} />
            </div>
            <ImagePicker
              tenantId={tenantId}
              id={id('image')}
              label="Foto"
              value={speaker.image}
              onChange={(image) => speakers.update(index, { image })}
              directory={eventDirectories.contacts}
              error={speakers.errorAt(`${index}.image`)}
              previewAlt={`Foto von ${speaker.name || title}`}
            />
            <Button icon="trash" intent="danger" variant="minimal" text={`${title} entfernen`} onClick={() => speakers.remove(index)} />
          </fieldset>
        );
      })}
      <Button icon="add" text="Referent hinzufügen" onClick={() => speakers.set([...speakers.list, newSpeaker()])} />
      <p className="bp6-text-muted event-wizard-note">*Pflichtfelder</p>
    </>
  );
}
