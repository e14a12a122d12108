import { FormGroup, Switch } from '@blueprintjs/core';
import { getIn } from 'final-form';
import type { ReactNode } from 'react';
import { useField, useForm } from 'react-final-form';
import { FilePicker } from '../../files/FilePicker';
import { DateField } from '../../shared/forms/DateField';
import { fieldErrorMarker, helperLine } from '../../shared/forms/fieldMessage';
import { normalizeTime } from '../../shared/forms/pickerDate';
import { PlainTextField, type PlainTextFieldOptions, type PlainTextFieldProps } from '../../shared/forms/PlainTextField';
import { RichTextEditor } from '../../shared/RichTextEditor';
import { shownWizardError } from './eventValidation';
import { removeAt, updateAt } from './wizardLists';

/** Form fields of the event wizard, bound to its one react-final-form form by name ("information.name"). */

/** A DOM id from a field name: event-information-name, event-speakers-0-image. */
export const fieldId = (name: string) => `event-${name.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

// final-form's default parse turns '' into undefined, which would drop the key from the values.
const keepText = (value: string) => value ?? '';

/** The marker of a required field's label; the steps explain it with "*Pflichtfelder". */
export const requiredMark = <span aria-hidden="true">*</span>;

export type PlainInputProps = Omit<PlainTextFieldOptions, 'labelInfo'>;

/** A labelled input on a plain value (list entries bind through their whole list); required ones carry the mark. */
export function PlainInput(props: PlainInputProps & Pick<PlainTextFieldProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'>) {
  return <PlainTextField {...props} labelInfo={props.required ? requiredMark : undefined} />;
}

/** A text input bound to a form field by name. */
export function TextField({ name, ...props }: PlainInputProps & { name: string }) {
  const { input, meta } = useField<string>(name, { parse: keepText });
  return <PlainInput {...props} id={fieldId(name)} value={input.value ?? ''} onChange={input.onChange} onFocus={input.onFocus} onBlur={input.onBlur} error={shownWizardError(meta)} />;
}

type PlainDayProps = Pick<PlainTextFieldProps, 'id' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'required' | 'helperText'>;

/** A date on a plain value (YYYY-MM-DD), shown and typed as TT.MM.JJJJ like every date of the product. */
export function PlainDate(props: PlainDayProps) {
  return <DateField {...props} labelInfo={props.required ? requiredMark : undefined} fill />;
}

/** A 24-hour time on a plain value (HH:MM), tidied when left ("8" becomes "08:00"). */
export function PlainTime(props: Omit<PlainInputProps, 'type' | 'placeholder' | 'inputMode' | 'onBlurFormat'> & Pick<PlainTextFieldProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'error'>) {
  return <PlainInput {...props} placeholder="HH:MM" inputMode="numeric" onBlurFormat={normalizeTime} />;
}

/** A date bound to a form field by name. */
export function DateInputField({ name, ...props }: Omit<PlainDayProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string }) {
  const { input, meta } = useField<string>(name, { parse: keepText });
  return <PlainDate {...props} id={fieldId(name)} value={input.value ?? ''} onChange={input.onChange} onBlur={input.onBlur} error={shownWizardError(meta)} />;
}

/** A 24-hour time bound to a form field by name. */
export function TimeInputField({ name, ...props }: Omit<PlainInputProps, 'type' | 'placeholder' | 'inputMode' | 'onBlurFormat'> & { name: string }) {
  const { input, meta } = useField<string>(name, { parse: keepText });
  return <PlainTime {...props} id={fieldId(name)} value={input.value ?? ''} onChange={input.onChange} onFocus={input.onFocus} onBlur={input.onBlur} error={shownWizardError(meta)} />;
}

/** A multi-line text bound to a form field. */
export function TextAreaField({ name, label, rows = 3, className }: { name: string; label: string; rows?: number; className?: string }) {
  const { input, meta } = useField<string>(name, { parse: keepText });
  const error = shownWizardError(meta);
  const id = fieldId(name);
  return (
    <FormGroup className={className} label={label} labelFor={id} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <textarea {...input} value={input.value ?? ''} id={id} rows={rows} className={`bp6-input bp6-text-area bp6-fill${error ? ' bp6-intent-danger' : ''}`} aria-invalid={error ? true : undefined} />
    </FormGroup>
  );
}

/** A switch bound to a boolean form field, with a hint below it. */
export function SwitchField({ name, label, hint, large }: { name: string; label: string; hint?: ReactNode; large?: boolean }) {
  const { input, meta } = useField<boolean>(name, { type: 'checkbox' });
  const error = shownWizardError(meta);
  const hintId = `${fieldId(name)}-hint`;
  return (
    <div className="event-wizard-switch">
      <Switch
        id={fieldId(name)}
        label={label}
        large={large}
        checked={Boolean(input.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? hintId : undefined}
        onChange={(event) => input.onChange(event.currentTarget.checked)}
      />
      {(error ?? hint) && (
        <div id={hintId} className={error ? 'bp6-form-helper-text event-wizard-error' : 'bp6-form-helper-text'}>
          {error ?? hint}
        </div>
      )}
    </div>
  );
}

/** The rich-text description (lexical) with a visible label it is named by. */
export function RichTextField({ name, label, testId }: { name: string; label: string; testId: string }) {
  const { input, meta } = useField<string>(name, { parse: keepText });
  const error = shownWizardError(meta);
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
        <div className="bp6-form-helper-text event-wizard-error" {...fieldErrorMarker}>
          {error}
        </div>
      )}
      {value && <img className="event-wizard-preview" src={value} alt={previewAlt} />}
    </div>
  );
}

/** An image picker bound to a form field by name. */
export function ImageField({ tenantId, name, label, directory, previewAlt }: { tenantId: string; name: string; label: string; directory: string; previewAlt: string }) {
  const { input, meta } = useField<string>(name, { parse: keepText });
  return <ImagePicker tenantId={tenantId} id={fieldId(name)} label={label} value={input.value ?? ''} onChange={input.onChange} directory={directory} error={shownWizardError(meta)} previewAlt={previewAlt} />;
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
