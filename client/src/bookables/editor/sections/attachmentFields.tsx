import { Checkbox, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import type { AttachmentType } from '../../../gql/graphql';
import { FilePicker } from '../../../files/FilePicker';
import { fieldErrorMarker, helperLine } from '../../../shared/forms/fieldMessage';
import { useGroupError } from '../fields';
import { attachmentDirectory, attachmentMessages, attachmentTypeOptions, type AttachmentValues, withRequired } from './attachmentRules';

const attachmentId = (index: number, field: string) => `bookable-attachments-${index}-${field}`;
// final-form's default parse turns '' into undefined, which would drop the key from the input.
const keepText = (value: string) => value;

function TitleField({ index }: { index: number }) {
  const name = `attachments[${index}].title`;
  const { input } = useField<string>(name, { parse: keepText });
  const error = useGroupError(name);
  return (
    <FormGroup label="Titel" labelFor={attachmentId(index, 'title')} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup {...input} id={attachmentId(index, 'title')} value={input.value ?? ''} intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} fill />
    </FormGroup>
  );
}

function CaptionField({ index }: { index: number }) {
  const { input } = useField<string>(`attachments[${index}].caption`, { parse: keepText });
  return (
    <FormGroup label="Beschreibung" labelFor={attachmentId(index, 'caption')}>
      <TextArea {...input} id={attachmentId(index, 'caption')} value={input.value ?? ''} rows={2} fill />
    </FormGroup>
  );
}

function TypeField({ index }: { index: number }) {
  const { input } = useField<AttachmentType>(`attachments[${index}].type`);
  return (
    <FormGroup label="Typ" labelFor={attachmentId(index, 'type')}>
      <HTMLSelect id={attachmentId(index, 'type')} value={input.value} onChange={(event) => input.onChange(event.currentTarget.value as AttachmentType)} fill>
        {attachmentTypeOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

function FileField({ tenantId, index, isTaken }: { tenantId: string; index: number; isTaken: (url: string) => boolean }) {
  const name = `attachments[${index}].url`;
  const { input } = useField<string>(name, { parse: keepText });
  const serverError = useGroupError(name);
  const [refused, setRefused] = useState(false);
  const error = refused ? attachmentMessages.duplicate : serverError;
  return (
    <>
      <FilePicker
        tenantId={tenantId}
        id={attachmentId(index, 'url')}
        label="Datei"
        value={input.value ?? ''}
        customDirectory={attachmentDirectory}
        allowProtected={false}
        invalid={Boolean(error)}
        onChange={(url) => {
          // A file may be listed only once: the choice is refused when another attachment has it.
          setRefused(isTaken(url));
          if (!isTaken(url)) input.onChange(url);
        }}
      />
      {error && (
        <div className="bp6-form-helper-text bp6-intent-danger" role="alert" {...fieldErrorMarker}>
          {error}
        </div>
      )}
    </>
  );
}

function Flags({ index }: { index: number }) {
  const whole = useField<AttachmentValues>(`attachments[${index}]`, { subscription: { value: true } }).input;
  const attachment = whole.value;
  return (
    <div style={{ display: 'flex', gap: 16 }}>
      <Checkbox
        id={attachmentId(index, 'show')}
        label="Im Buchungsprozess anzeigen"
        checked={Boolean(attachment.show || attachment.required)}
        // A required attachment is always shown, so show cannot be turned off while required.
        disabled={Boolean(attachment.required)}
        onChange={(event) => whole.onChange({ ...attachment, show: event.currentTarget.checked })}
      />
      <Checkbox
        id={attachmentId(index, 'required')}
        label="Pflicht"
        checked={Boolean(attachment.required)}
        onChange={(event) => whole.onChange(withRequired(attachment, event.currentTarget.checked))}
      />
    </div>
  );
}

/** One attachment's inputs, a group named "Anhang n" so its labels can be told apart from the editor's own Titel. */
export function AttachmentFields({ tenantId, index, isTaken }: { tenantId: string; index: number; isTaken: (url: string) => boolean }) {
  return (
    <div role="group" aria-label={`Anhang ${index + 1}`} className="bookable-attachment">
      <div style={{ display: 'flex', gap: 8 }}>
        <div style={{ flex: 2 }}>
          <TitleField index={index} />
        </div>
        <div style={{ flex: 1 }}>
          <TypeField index={index} />
        </div>
      </div>
      <CaptionField index={index} />
      <FileField tenantId={tenantId} index={index} isTaken={isTaken} />
      <Flags index={index} />
    </div>
  );
}
