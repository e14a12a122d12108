import { Button, FormGroup, TagInput } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { FilePicker } from '../../../files/FilePicker';
import { RichTextEditor } from '../../../shared/RichTextEditor';
import { required } from '../../../shared/validation';
import { fieldErrorMarker, helperLine, shownFieldError } from '../../../shared/forms/fieldMessage';
import { EditorSection, fieldId } from '../fields';
import { TextField } from '../../../shared/forms/TextField';
import { TicketEventField } from './TicketEventField';
import { BookableSuggest, useBookableTitles } from '../../picker/BookableSuggest';

const requiredTitle = required('Pflichtfeld');

/** A list of words (tags, flags) as a Blueprint TagInput; Enter, comma or leaving the field adds. */
function TagsField({ name, label, placeholder }: { name: 'tags' | 'flags'; label: string; placeholder: string }) {
  const { input } = useField<string[]>(name);
  const id = fieldId(name);
  const values = input.value || [];
  return (
    <FormGroup label={label} labelFor={id}>
      <TagInput
        values={values}
        onChange={(next) => input.onChange([...new Set(next.map((value) => String(value).trim()).filter(Boolean))])}
        addOnBlur
        addOnPaste
        placeholder={placeholder}
        inputProps={{ id }}
        // Enter adds the tag; it must not also submit the whole editor form.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        tagProps={{ minimal: true }}
        fill
      />
    </FormGroup>
  );
}

/** Rich-text field with a visible label the editor is named by. */
export function RichTextField({ name, label, testId }: { name: 'description' | 'bookingNotes'; label: string; testId: string }) {
  const { input, meta } = useField<string>(name);
  const error = shownFieldError(meta);
  const labelId = `${fieldId(name)}-label`;
  return (
    <FormGroup helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <label className="bp6-label" id={labelId}>
        {label}
      </label>
      <RichTextEditor value={input.value ?? ''} onChange={(html) => input.onChange(html)} ariaLabelledBy={labelId} ariaLabel={label} testId={testId} id={fieldId(name)} invalid={Boolean(error)} />
    </FormGroup>
  );
}

function CoverImageField({ tenantId }: { tenantId: string }) {
  const { input, meta } = useField<string>('imgUrl');
  const error = shownFieldError(meta);
  return (
    <>
      <FilePicker tenantId={tenantId} id={fieldId('imgUrl')} label="Titelbild" value={input.value ?? ''} onChange={input.onChange} customDirectory="rooms" imagesOnly allowProtected={false} invalid={Boolean(error)} />
      {error && (
        <div className="bp6-form-helper-text form-error" {...fieldErrorMarker}>
          {error}
        </div>
      )}
      {input.value && <img className="bookable-cover-preview" src={input.value} alt="Vorschau des Titelbilds" />}
    </>
  );
}

/** The parent: any other bookable of the tenant, searched as one types, or none. */
function ParentField({ tenantId, bookableId }: { tenantId: string; bookableId: string | null }) {
  const { input, meta } = useField<string | null>('parent');
  const parentId = input.value || null;
  const [titled] = useBookableTitles(tenantId, parentId ? [parentId] : []);
  // A parent that is no longer found (deleted) shows by its id until another is chosen.
  const selected = parentId ? (titled ?? { id: parentId, title: parentId, location: '' }) : null;
  const error = shownFieldError(meta);
  const id = fieldId('parent');
  return (
    <FormGroup label="Übergeordnetes Objekt" labelFor={id} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <div style={{ display: 'flex', gap: 8 }}>
        <BookableSuggest
          tenantId={tenantId}
          id={id}
          selected={selected}
          onSelect={(option) => input.onChange(option.id)}
          excludedIds={bookableId ? [bookableId] : []}
          placeholder="Kein übergeordnetes Objekt – Titel eingeben …"
        />
        <Button icon="cross" text="Entfernen" disabled={!parentId} onClick={() => input.onChange(null)} aria-label="Übergeordnetes Objekt entfernen" />
      </div>
    </FormGroup>
  );
}

/** Allgemeine Daten: title, the event of a ticket, description, location, cover image, tags, flags, parent. */
export function GeneralSection({ tenantId, bookableId }: { tenantId: string; bookableId: string | null }) {
  const type = useField<string>('type', { subscription: { value: true } }).input.value;
  return (
    <EditorSection title="Allgemeine Daten" icon="info-sign">
      <TextField name="title" label="Titel" validate={requiredTitle} />
      {type === 'ticket' && <TicketEventField tenantId={tenantId} />}
      <RichTextField name="description" label="Beschreibung" testId="bookable-description" />
      <TextField name="location" label="Ort" />
      <CoverImageField tenantId={tenantId} />
      <div className="bookable-grid">
        <TagsField name="tags" label="Tags" placeholder="Tag eingeben und Enter drücken" />
        <TagsField name="flags" label="Merkmale" placeholder="Merkmal eingeben und Enter drücken" />
      </div>
      <ParentField tenantId={tenantId} bookableId={bookableId} />
    </EditorSection>
  );
}
