import { Card, Checkbox, H4, Icon, type IconName, Switch } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { fieldErrorMarker, shownFieldError } from '../../shared/forms/fieldMessage';
import { PlainTextField, type PlainTextFieldOptions } from '../../shared/forms/PlainTextField';
import type { Validator } from '../../shared/validation';

/** Form fields of the bookable editor, bound to react-final-form by name ("priceCategories[0].priceEur"). */

/** A DOM id from a field name: bookable-priceCategories-0-priceEur. */
export const fieldId = (name: string) => `bookable-${name.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

/**
 * The message at a path no input is bound to (e.g. "longRangeOptions"): the form's own check once
 * a save was tried, or the server's.
 */
export function useGroupError(name: string): string | undefined {
  const { meta } = useField(name, { subscription: { error: true, touched: true, modified: true, submitFailed: true, submitError: true, dirtySinceLastSubmit: true } });
  return shownFieldError(meta);
}

/** A labelled text input on a plain value (list entries bind through their whole list). */
export { PlainTextField };

/** A text input bound to a form field by name. */
export function TextField({ name, validate, ...props }: PlainTextFieldOptions & { name: string; validate?: Validator }) {
  const { input, meta } = useField<string>(name, { validate });
  return <PlainTextField {...props} id={fieldId(name)} value={input.value ?? ''} onChange={input.onChange} onFocus={input.onFocus} onBlur={input.onBlur} error={shownFieldError(meta)} />;
}

export function SwitchField({ name, label, disabled, onToggle, helperText }: { name: string; label: string; disabled?: boolean; onToggle?: (checked: boolean) => void; helperText?: ReactNode }) {
  const { input, meta } = useField<boolean>(name, { type: 'checkbox' });
  const error = shownFieldError(meta);
  return (
    <div className="bookable-switch">
      <Switch
        id={fieldId(name)}
        label={label}
        checked={Boolean(input.checked)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          input.onChange(event.currentTarget.checked);
          onToggle?.(event.currentTarget.checked);
        }}
      />
      {(error ?? helperText) && <div className={error ? 'bp6-form-helper-text bookable-error' : 'bp6-form-helper-text'}>{error ?? helperText}</div>}
    </div>
  );
}

export function CheckboxField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return <Checkbox id={fieldId(name)} className={className} label={label} checked={Boolean(input.checked)} onChange={(event) => input.onChange(event.currentTarget.checked)} />;
}

/** An error line below a group of inputs; a failed save leads here when no input of the group is marked. */
export function ErrorLine({ message }: { message: string | undefined }) {
  return message ? (
    <div className="bp6-form-helper-text bookable-error" role="alert" {...fieldErrorMarker}>
      {message}
    </div>
  ) : null;
}

/**
 * One titled block of the editor: a card with an H4 heading. Not a labelled region on purpose,
 * so a field named like its block ("Buchungshinweise") stays the only match of its label.
 */
export function EditorSection({ title, icon, children }: { title: string; icon?: IconName; children: ReactNode }) {
  return (
    <Card elevation={1} className="bookable-section" data-section={title}>
      <H4 className="bookable-section-title">
        {icon && <Icon icon={icon} />}
        {title}
      </H4>
      {children}
    </Card>
  );
}
