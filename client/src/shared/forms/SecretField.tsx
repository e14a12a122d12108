import { Button, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { Validator } from '../validation';
import { useConventionalField } from './fieldConventions';

/**
 * A write-only secret: the stored value is never shown, only whether one is stored ("gesetzt" /
 * "nicht gesetzt"); a new value replaces it, an empty field keeps it. The eye button only switches
 * the local display of what is typed.
 */
export function SecretField({ name, label, isSet, validate }: { name: string; label: string; isSet: boolean | null | undefined; validate?: Validator }) {
  const { input, id, error } = useConventionalField<string>(name, { validate });
  const [visible, setVisible] = useState(false);
  return (
    <FormGroup
      label={label}
      labelFor={id}
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
        id={id}
        name={name}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        value={input.value ?? ''}
        placeholder={isSet ? '••••••••' : ''}
        onValueChange={(value) => input.onChange(value)}
        onFocus={() => input.onFocus()}
        onBlur={() => input.onBlur()}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        rightElement={
          <Button
            variant="minimal"
            icon={visible ? 'eye-off' : 'eye-open'}
            aria-label={visible ? `${label} verbergen` : `${label} anzeigen`}
            onClick={() => setVisible((shown) => !shown)}
          />
        }
        fill
      />
    </FormGroup>
  );
}
