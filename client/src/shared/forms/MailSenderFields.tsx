import { Radio, RadioGroup } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import type { Validator } from '../validation';
import { NumberField } from './NumberField';
import { SecretField } from './SecretField';
import { SwitchField } from './SwitchField';
import { TextField } from './TextField';

export interface MailSenderFieldsProps {
  /** Whether a secret is stored (it is write-only; an empty field keeps it). */
  secretsSet: { password: boolean; graphClientSecret: boolean };
  /** The sender address's check where the form checks per field (the instance settings). */
  validateMail?: Validator;
  /** The port kept as typed text with its own check (the instance settings), else as a number. */
  portAsText?: { validate: Validator };
}

/**
 * The mail sender's fields (mailSender.ts holds their values and input): sender address and name,
 * the way of sending (SMTP or Office365 Graph) and that way's server data. One group for the
 * tenant and the instance settings, so both screens ask the same in the same words.
 */
export function MailSenderFields({ secretsSet, validateMail, portAsText }: MailSenderFieldsProps) {
  const graph = useField<boolean>('noreplyUseGraphApi');
  return (
    <>
      <div className="form-grid">
        <TextField name="noreplyMail" label="Absender-E-Mail" type="email" validate={validateMail} />
        <TextField name="noreplyDisplayName" label="Absendername" />
      </div>
      <RadioGroup label="Versandart" inline selectedValue={graph.input.value ? 'graph' : 'smtp'} onChange={(event) => graph.input.onChange(event.currentTarget.value === 'graph')}>
        <Radio label="SMTP" value="smtp" />
        <Radio label="Office365 Graph" value="graph" />
      </RadioGroup>
      {graph.input.value ? (
        <div className="form-grid">
          <TextField name="noreplyGraphTenantId" label="Graph Tenant-ID" />
          <TextField name="noreplyGraphClientId" label="Graph Client-ID" />
          <SecretField name="noreplyGraphClientSecret" label="Graph Client-Secret" isSet={secretsSet.graphClientSecret} />
        </div>
      ) : (
        <div className="form-grid">
          <TextField name="noreplyHost" label="SMTP-Server" />
          {portAsText ? <NumberField keepsText name="noreplyPort" label="SMTP-Port" validate={portAsText.validate} /> : <NumberField name="noreplyPort" label="SMTP-Port" />}
          <TextField name="noreplyUser" label="SMTP-Benutzer" />
          <SecretField name="noreplyPassword" label="SMTP-Passwort" isSet={secretsSet.password} />
          <SwitchField name="noreplyStarttls" label="STARTTLS verwenden" />
        </div>
      )}
    </>
  );
}
