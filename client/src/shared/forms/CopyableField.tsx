import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { notify } from '../toast';

export interface CopyableFieldProps {
  id: string;
  label: string;
  value: string;
  /** The toasts after copying, and when the browser refused the clipboard. */
  copied: { title: string; message: string };
  copyFailed: { title: string; message: string };
  /** The copy button's accessible name where a dialog shows more than one field ("Adresse (https) kopieren"); "Kopieren" otherwise. */
  copyName?: string;
  className?: string;
}

/**
 * A value the server shows this once (a token's secret, a webhook's signing secret, a feed's secret
 * address): read-only, selected on focus, with a copy button. Where the browser refuses the
 * clipboard, the text is selected for the user to copy and a toast says so.
 */
export function CopyableField({ id, label, value, copied, copyFailed, copyName, className }: CopyableFieldProps) {
  const [field, setField] = useState<HTMLInputElement | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ type: 'success', ...copied });
    } catch {
      field?.select();
      notify({ type: 'warning', ...copyFailed });
    }
  };
  return (
    <FormGroup label={label} labelFor={id} className={className}>
      <InputGroup
        id={id}
        readOnly
        fill
        value={value}
        inputRef={setField}
        onFocus={(event) => event.currentTarget.select()}
        rightElement={<Button icon="duplicate" variant="minimal" text="Kopieren" aria-label={copyName} onClick={() => void copy()} />}
      />
    </FormGroup>
  );
}
