import { Button, FormGroup, InputGroup, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import { helperLine, shownFieldError } from '../shared/forms/fieldMessage';
import type { Validator } from '../shared/validation';

function useShownError(name: string, validate?: Validator) {
  const { input, meta } = useField(name, { validate });
  return { input, error: shownFieldError(meta) };
}

/** A labelled switch bound to a boolean field. */
export function SwitchField({ name, label }: { name: string; label: string }) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return <Switch id={name} label={label} checked={input.checked === true} onChange={(event) => input.onChange(event.currentTarget.checked)} />;
}

/** A whole-number input; empty stands for "none" (e.g. unlimited). */
export function NumberField({ name, label, placeholder, validate }: { name: string; label: string; placeholder?: string; validate?: Validator }) {
  const { input, error } = useShownError(name, validate);
  return (
    <FormGroup label={label} labelFor={name} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={name}
        name={name}
        inputMode="numeric"
        value={input.value ?? ''}
        placeholder={placeholder}
        onChange={(event) => input.onChange(event.currentTarget.value)}
        onBlur={() => input.onBlur()}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
      />
    </FormGroup>
  );
}

/**
 * A write-only secret: shows whether one is stored ("gesetzt" / "nicht gesetzt"); a new value
 * replaces it, an empty field keeps it. The eye button shows or hides what is typed.
 */
export function SecretField({ name, label, isSet, validate }: { name: string; label: string; isSet: boolean; validate?: Validator }) {
  const { input, error } = useShownError(name, validate);
  const [visible, setVisible] = useState(false);
  return (
    <FormGroup
      label={label}
      labelFor={name}
      helperText={
        error ?? (
          <>
            <Tag minimal intent={isSet ? 'success' : 'none'} className="secret-state">
              {isSet ? 'gesetzt' : 'nicht gesetzt'}
            </Tag>{' '}
            {isSet ? 'Leer lassen, um den gespeicherten Wert zu behalten.' : null}
          </>
        )
      }
      intent={error ? 'danger' : 'none'}
    >
      <InputGroup
        id={name}
        name={name}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        value={input.value ?? ''}
        placeholder={isSet ? '••••••••' : ''}
        onChange={(event) => input.onChange(event.currentTarget.value)}
        onBlur={() => input.onBlur()}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        rightElement={
          <Button
            variant="minimal"
            icon={visible ? 'eye-off' : 'eye-open'}
            aria-label={visible ? `${label} verbergen` : `${label} anzeigen`}
            onClick={() => setVisible(!visible)}
          />
        }
      />
    </FormGroup>
  );
}
