import { Checkbox, Switch } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useConventionalField } from './fieldConventions';

export interface SwitchFieldProps {
  name: string;
  label: string;
  /** Shown below the switch while it has no message. */
  hint?: ReactNode;
  disabled?: boolean;
  large?: boolean;
  /** Called after the value changed, for fields that follow this one. */
  onToggle?: (checked: boolean) => void;
}

/** A switch bound to a boolean form field, with its message or hint below it. */
export function SwitchField({ name, label, hint, disabled, large, onToggle }: SwitchFieldProps) {
  const { input, id, error } = useConventionalField<boolean>(name, { type: 'checkbox' });
  const hintId = `${id}-hint`;
  return (
    <div className="form-switch">
      <Switch
        id={id}
        label={label}
        large={large}
        checked={Boolean(input.checked)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? hintId : undefined}
        onChange={(event) => {
          input.onChange(event.currentTarget.checked);
          onToggle?.(event.currentTarget.checked);
        }}
      />
      {(error ?? hint) && (
        <div id={hintId} className={error ? 'bp6-form-helper-text form-error' : 'bp6-form-helper-text'}>
          {error ?? hint}
        </div>
      )}
    </div>
  );
}

/** A checkbox bound to a boolean form field. */
export function CheckboxField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { input, id } = useConventionalField<boolean>(name, { type: 'checkbox' });
  return <Checkbox id={id} className={className} label={label} checked={Boolean(input.checked)} onChange={(event) => input.onChange(event.currentTarget.checked)} />;
}
