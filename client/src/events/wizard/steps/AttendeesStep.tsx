import { Button, Callout, H4, Radio, RadioGroup } from '@blueprintjs/core';
import { ticketCodeLabels, ticketCodeModes, type TicketCodePer } from '../../../../../common/events/event.schema';
import { useField } from 'react-final-form';
import { decimalText, integerText } from '../../../bookables/editor/editorRules';
import { tidyPriceText } from '../../../bookables/editor/formValues';
import { newPriceCategory, type PriceCategoryValues } from '../eventFormValues';
import { fieldLabels } from '../eventValidation';
import { useWizardContext } from '../wizardContext';
import { SpecialLinkField } from '../SpecialLink';
import { PlainInput, useListField } from '../wizardFields';
import { SwitchField } from '../../../shared/forms/SwitchField';
import { TextField } from '../../../shared/forms/TextField';

/** What becomes of the price categories: tickets on creation, copied once. */
export const priceCategoriesTicketInfo: Record<'create' | 'edit', string> = {
  create: 'Beim Anlegen entsteht für jede Preiskategorie ein Ticket mit diesem Preis (ohne Preiskategorien ein kostenloses Ticket).',
  edit: 'Die Tickets wurden beim Anlegen aus den Preiskategorien erstellt. Änderungen hier ändern vorhandene Tickets nicht; passen Sie deren Preise unter Tickets an oder fügen Sie dort ein weiteres Ticket hinzu.',
};

export const unlimitedSeatsHint = 'Leer lassen für unbegrenzte Plätze.';

/** The seats already sold, shown while the limit is edited (it may not fall below them). */
export const seatsSoldInfo = (sold: number) => `${sold === 1 ? 'Bereits verkauft: 1 Platz.' : `Bereits verkauft: ${sold} Plätze.`} Die Teilnehmeranzahl darf nicht darunter liegen.`;

export const publicEventInfo =
  'Öffentliche Veranstaltungen können von allen gebucht werden. Nicht öffentliche Veranstaltungen sind nur über einen speziellen Link erreichbar, der nach dem Erstellen angezeigt wird.';

/** Step 4: public, registration with the seat limit, free, price categories. */
export function AttendeesStep() {
  const registration = useField<boolean>('attendees.needsRegistration', { subscription: { value: true } }).input.value;
  const free = useField<boolean>('attendees.free', { subscription: { value: true } }).input.value;
  const prices = useListField<PriceCategoryValues>('attendees.priceCategories');
  const publicEvent = useField<boolean>('attendees.publicEvent', { subscription: { value: true } }).input.value;
  const visible = useField<boolean>('isPublic', { subscription: { value: true } }).input.value;
  const { mode, seatsSold, directLink } = useWizardContext();
  const ticketCodePer = useField<TicketCodePer>('ticketCodePer', { subscription: { value: true } }).input;
  return (
    <>
      <SwitchField name="attendees.publicEvent" label={fieldLabels.publicEvent} hint={publicEventInfo} />
      {mode === 'edit' && !publicEvent && directLink && <SpecialLinkField link={directLink} visible={Boolean(visible)} />}
      <SwitchField name="attendees.needsRegistration" label={fieldLabels.needsRegistration} />
      {registration && <TextField name="attendees.maxAttendees" label={fieldLabels.maxAttendees} inputMode="numeric" filter={integerText} helperText={unlimitedSeatsHint} />}
      {registration && seatsSold > 0 && (
        <Callout intent="warning" className="event-wizard-seats-sold">
          {seatsSoldInfo(seatsSold)}
        </Callout>
      )}
      <RadioGroup label="Einlasscodes der Tickets" name="ticketCodePer" selectedValue={ticketCodePer.value} onChange={(event) => ticketCodePer.onChange(event.currentTarget.value === 'order' ? 'order' : 'person')}>
        {ticketCodeModes.map((codeMode) => (
          <Radio key={codeMode} value={codeMode} label={ticketCodeLabels[codeMode]} />
        ))}
      </RadioGroup>
      <SwitchField name="attendees.free" label={fieldLabels.free} />
      {!free && (
        <>
          <H4 className="event-wizard-subtitle">Preiskategorien</H4>
          <p className="bp6-text-muted event-wizard-prices-note">{priceCategoriesTicketInfo[mode]}</p>
          {prices.list.map((category, index) => {
            const title = `Preiskategorie ${index + 1}`;
            const id = (field: string) => `event-priceCategories-${index}-${field}`;
            return (
              <fieldset key={category.id} className="event-wizard-row">
                <legend>{title}</legend>
                <div className="event-wizard-row-fields">
                  <PlainInput id={id('name')} label="Name" value={category.name} onChange={(name) => prices.update(index, { name })} error={prices.errorAt(`${index}.name`)} />
                  <PlainInput
                    id={id('price')}
                    label="Preis (EUR)"
                    value={category.price}
                    onChange={(price) => prices.update(index, { price })}
                    error={prices.errorAt(`${index}.price`)}
                    inputMode="decimal"
                    filter={decimalText}
                    onBlurFormat={tidyPriceText}
                  />
                  <Button className="event-wizard-row-remove" icon="trash" intent="danger" variant="minimal" aria-label={`${title} entfernen`} title="Entfernen" onClick={() => prices.remove(index)} />
                </div>
              </fieldset>
            );
          })}
          <Button icon="add" text="Preiskategorie hinzufügen" onClick={() => prices.set([...prices.list, newPriceCategory()])} />
        </>
      )}
      <p className="bp6-text-muted event-wizard-note">*Pflichtfelder</p>
    </>
  );
}
