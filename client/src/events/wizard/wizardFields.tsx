import { FormGroup } from '@blueprintjs/core';
import { getIn } from 'final-form';
import { useField, useForm } from 'react-final-form';
import { FilePicker } from '../../files/FilePicker';
import { DateField } from '../../shared/forms/DateField';
import { type FieldConventions, prefixedFieldId, useConventionalField } from '../../shared/forms/fieldConventions';
import { fieldErrorMarker, helperLine } from '../../shared/forms/fieldMessage';
import { normalizeTime } from '../../shared/forms/pickerDate';
import { PlainTextField, type PlainTextFieldOptions, type PlainTextFieldProps } from '../../shared/forms/PlainTextField';
import { TextField } from '../../shared/forms/TextField';
import { RichTextEditor } from '../../shared/RichTextEditor';
import { shownWizardError } from './eventValidation';
import { removeAt, updateAt } from './wizardLists';

/** What is particular to the event wizard's fields, bound to its one react-final-form form by name ("information.name"). */

/** A DOM id from a field name: event-information-name, event-speakers-0-image. */
export const fieldId = prefixedFieldId('event');

/** The marker of a required field's label; the steps explain it with "*Pflichtfelder". */
export const requiredMark = <span aria-hidden="true">*</span>;

/**
 * The wizard's fields: ids from fieldId, messages by the wizard's rule (see shownWizardError), an
 * emptied text stays '' (final-form's default would drop the key from the values), required ones
 * carry the mark.
 */
export const wizardFieldConventions: Partial<FieldConventions> = { idOf: fieldId, shownError: shownWizardError, keepsEmptyText: true, requiredMark };

export type PlainInputProps = Omit<PlainTextFieldOptions, 'labelInfo'>;

/** A labelled input on a plain value (list entries bind through their whole list); required ones carry the mark. */
export function PlainInput(props: PlainInputProps & Pick<PlainTextFieldProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'>) {
  return <PlainTextField {...props} labelInfo={props.required ? requiredMark : undefined} />;
}

type PlainDayProps = Pick<PlainTextFieldProps, 'id' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'required' | 'helperText'>;

/** A date on a plain value (YYYY-MM-DD), shown and typed as TT.MM.JJJJ like every date of the product. */
export function PlainDate(props: PlainDayProps) {
  return <DateField {...props} labelInfo={props.required ? requiredMark : undefined} fill />;
}

type TimeProps = Omit<PlainInputProps, 'type' | 'placeholder' | 'inputMode' | 'onBlurFormat'>;

/** A 24-hour time on a plain value (HH:MM), tidied when left ("8" becomes "08:00"). */
export function PlainTime(props: TimeProps & Pick<PlainTextFieldProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'>) {
  return <PlainInput {...props} placeholder="HH:MM" inputMode="numeric" onBlurFormat={normalizeTime} />;
}

/** A date bound to a form field by name. */
export function DateInputField({ name, ...props }: Omit<PlainDayProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string }) {
  const { input, id, error } = useConventionalField<string>(name, { text: true });
  return <PlainDate {...props} id={id} value={input.value ?? ''} onChange={input.onChange} onBlur={input.onBlur} error={error} />;
}

/** A 24-hour time bound to a form field by name. */
export function TimeInputField(props: TimeProps & { name: string }) {
  return <TextField {...props} placeholder="HH:MM" inputMode="numeric" onBlurFormat={normalizeTime} />;
}

/** The rich-text description (lexical) with a visible label it is named by. */
export function RichTextField({ name, label, testId }: { name: string; label: string; testId: string }) {
  const { input, id, error } = useConventionalField<string>(name, { text: true });
  const labelId = `${id}-label`;
  return (
    <FormGroup helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <label className="bp6-label" id={labelId}>
        {label}
      </label>
      <RichTextEditor value={input.value ?? ''} onChange={(html) => input.onChange(html)} ariaLabelledBy={labelId} ariaLabel={label} testId={testId} id={id} invalid={Boolean(error)} />
    </FormGroup>
  );
}

export interface ImagePickerProps {
  tenantId: string;
  id: string;
  label: string;
  value: string;
  onChange: (link: string) => void;
  directory: string;
  error?: string;
  /** The preview's alternative text. */
  previewAlt: string;
}

/** An image (public only) chosen from the tenant's files or uploaded into `directory`, with its preview. */
export function ImagePicker({ tenantId, id, label, value, onChange, directory, error, previewAlt }: ImagePickerProps) {
  return (
    <div className="event-wizard-image">
      <FilePicker tenantId={tenantId} id={id} label={label} value={value} onChange={onChange} customDirectory={directory} imagesOnly allowProtected={false} invalid={Boolean(error)} />
      {error && (
        <div className="bp6-form-helper-text form-error" {...fieldErrorMarker}>
          {error}
        </div>
      )}
      {value && <img className="event-wizard-preview" src={value} alt={previewAlt} />}
    </div>
  );
}

/** An image picker bound to a form field by name. */
export function ImageField({ tenantId, name, label, directory, previewAlt }: { tenantId: string; name: string; label: string; directory: string; previewAlt: string }) {
  const { input, id, error } = useConventionalField<string>(name, { text: true });
  return <ImagePicker tenantId={tenantId} id={id} label={label} value={input.value ?? ''} onChange={input.onChange} directory={directory} error={error} previewAlt={previewAlt} />;
}

/**
 * A list of the form (speakers, price categories, agenda days) edited as one value. Its entries are
 * not registered as fields of their own: react-final-form would give an entry added at an index
 * that existed initially the initial entry's values.
 */
export interface ListField<T> {
  list: T[];
  set: (list: T[]) => void;
  update: (index: number, patch: Partial<T>) => void;
  remove: (index: number) => void;
  /** The message at a path inside the list ("0.emailAddress"): the wizard's rule, or the server's until changed. */
  errorAt: (path: string) => string | undefined;
}

export function useListField<T>(name: string): ListField<T> {
  const form = useForm();
  const { input, meta } = useField<T[]>(name, { subscription: { value: true, error: true, submitError: true, dirtySinceLastSubmit: true } });
  const list = Array.isArray(input.value) ? input.value : [];
  return {
    list,
    set: (next) => form.change(name, next),
    update: (index, patch) => form.change(name, updateAt(list, index, patch)),
    remove: (index) => form.change(name, removeAt(list, index)),
    errorAt: (path) => {
      const own: unknown = getIn((meta.error as object | undefined) ?? {}, path);
      if (typeof own === 'string') return own;
      if (meta.dirtySinceLastSubmit) return undefined;
      const fromServer: unknown = getIn((meta.submitError as object | undefined) ?? {}, path);
      return typeof fromServer === 'string' ? fromServer : undefined;
    },
  };
}
