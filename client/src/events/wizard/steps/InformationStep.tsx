import '@blueprintjs/select/lib/css/blueprint-select.css';
import { FormGroup, MenuItem, TagInput } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { useField } from 'react-final-form';
import { fieldLabels } from '../eventValidation';
import { eventDirectories } from '../wizardLists';
import { useWizardContext } from '../wizardContext';
import { DateInputField, fieldId, ImageField, RichTextField, TimeInputField } from '../wizardFields';
import { TextAreaField, TextField } from '../../../shared/forms/TextField';

/** Tags chosen from the tenant's event tags; a tag typed that does not exist yet is offered as new. */
function TagsField({ tags }: { tags: string[] }) {
  const { input } = useField<string[]>('information.tags');
  const selected = input.value || [];
  const id = fieldId('information.tags');
  const toggle = (tag: string) => input.onChange(selected.includes(tag) ? selected.filter((other) => other !== tag) : [...selected, tag]);
  return (
    <FormGroup label="Tags" labelFor={id}>
      <MultiSelect<string>
        items={tags}
        selectedItems={selected}
        fill
        resetOnSelect
        placeholder="Tags auswählen"
        popoverProps={{ minimal: true }}
        itemPredicate={(query, item) => item.toLowerCase().includes(query.toLowerCase())}
        itemRenderer={(item, { handleClick, handleFocus, modifiers }) =>
          modifiers.matchesPredicate ? (
            <MenuItem key={item} text={item} roleStructure="listoption" selected={selected.includes(item)} active={modifiers.active} onClick={handleClick} onFocus={handleFocus} />
          ) : null
        }
        createNewItemFromQuery={(query) => query.trim()}
        createNewItemRenderer={(query, active, handleClick) =>
          query.trim() && !tags.includes(query.trim()) ? <MenuItem key="new" icon="add" text={`„${query.trim()}“ hinzufügen`} roleStructure="listoption" active={active} onClick={handleClick} /> : undefined
        }
        noResults={<MenuItem disabled roleStructure="listoption" text={tags.length === 0 ? 'Keine Tags angelegt' : 'Keine Treffer'} />}
        onItemSelect={toggle}
        tagRenderer={(tag) => tag}
        onRemove={(tag) => input.onChange(selected.filter((other) => other !== tag))}
        onClear={() => input.onChange([])}
        tagInputProps={{ inputProps: { id } }}
      />
    </FormGroup>
  );
}

/** Flags: free words (Enter, comma or leaving the field adds one). */
function FlagsField() {
  const { input } = useField<string[]>('information.flags');
  const id = fieldId('information.flags');
  return (
    <FormGroup label="Merkmale" labelFor={id}>
      <TagInput
        values={input.value || []}
        onChange={(next) => input.onChange([...new Set(next.map((value) => String(value).trim()).filter(Boolean))])}
        addOnBlur
        addOnPaste
        placeholder="Merkmal eingeben und Enter drücken"
        inputProps={{ id }}
        tagProps={{ minimal: true }}
        fill
      />
    </FormGroup>
  );
}

/** A date with its time beside it; the time is disabled until the date is set. */
function DateAndTime({ date, time, dateLabel, timeLabel, required }: { date: string; time: string; dateLabel: string; timeLabel: string; required?: boolean }) {
  const dateValue = useField<string>(date, { subscription: { value: true } }).input.value;
  return (
    <div className="event-wizard-grid">
      <DateInputField name={date} label={dateLabel} required={required} />
      <TimeInputField name={time} label={timeLabel} required={required} disabled={!dateValue} helperText={dateValue ? undefined : 'Bitte zuerst das Datum wählen.'} />
    </div>
  );
}

/** Step 1: name, title image, short description, description, tags, flags, start and end. */
export function InformationStep() {
  const { tenantId, options } = useWizardContext();
  return (
    <>
      <TextField name="information.name" label={fieldLabels.name} required />
      <ImageField tenantId={tenantId} name="information.teaserImage" label="Titelbild" directory={eventDirectories.teaserImage} previewAlt="Vorschau des Titelbilds" />
      <TextAreaField name="information.teaserText" label="Kurzbeschreibung" />
      <RichTextField name="information.description" label="Beschreibung" testId="event-description" />
      <div className="event-wizard-grid">
        <TagsField tags={options?.eventTags ?? []} />
        <FlagsField />
      </div>
      <DateAndTime date="information.startDate" time="information.startTime" dateLabel={fieldLabels.startDate} timeLabel={fieldLabels.startTime} required />
      <DateAndTime date="information.endDate" time="information.endTime" dateLabel={fieldLabels.endDate} timeLabel={fieldLabels.endTime} />
      <p className="bp6-text-muted event-wizard-note">*Pflichtfelder</p>
    </>
  );
}
