import { useMutation } from '@apollo/client/react';
import { Button, Icon } from '@blueprintjs/core';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { type ProfileInput, UpdateProfileDocument } from '../../gql/graphql';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { serverSubmitErrors } from '../../shared/forms/serverErrors';
import { TextField } from '../../shared/forms/TextField';
import { messages } from '../../shared/messages';
import { updateUser } from '../../shared/store';
import { notify } from '../../shared/toast';
import { required } from '../../shared/validation';

export interface ProfileField {
  name: keyof ProfileInput;
  label: string;
  autoComplete?: string;
  type?: 'text' | 'tel';
  required?: boolean;
}

type ProfileValues = Partial<Record<keyof ProfileInput, string>>;

export interface ProfileRowProps {
  title: string;
  fields: ProfileField[];
  values: ProfileValues;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * One expandable row of the account settings: the current value, and when opened a form of its own
 * with "Speichern" that sends only this row's fields. The page keeps one row open at a time, and a
 * closed row renders no form, so there is never more than one "Speichern" on screen.
 */
export function ProfileRow({ title, fields, values, open, onOpenChange }: ProfileRowProps) {
  const [updateProfile] = useMutation(UpdateProfileDocument);
  const failedSave = useFailedSaveFeedback<ProfileValues>();
  const panelId = useId();
  const summary = fields.map((field) => values[field.name]).filter(Boolean).join(' ');

  const onSubmit = async (formValues: ProfileValues) => {
    const input: ProfileInput = {};
    for (const field of fields) input[field.name] = (formValues[field.name] ?? '').trim();
    try {
      const { data } = await updateProfile({ variables: { input } });
      if (data) updateUser(data.updateProfile);
      notify({ type: 'success', ...messages.profileUpdated });
      onOpenChange(false);
      return undefined;
    } catch (error) {
      const submitErrors = serverSubmitErrors(error);
      if (!submitErrors) notify({ type: 'danger', ...messages.profileUpdateError });
      return submitErrors;
    }
  };

  return (
    <div className="settings-row">
      <button type="button" className="settings-row-header" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => onOpenChange(!open)}>
        <span className="settings-row-title">{title}</span>
        <span className="settings-row-value">{summary || '–'}</span>
        <Icon icon={open ? 'chevron-up' : 'chevron-down'} />
      </button>
      {open ? (
        <div id={panelId} className="settings-row-form">
          <Form<ProfileValues>
            onSubmit={onSubmit}
            initialValues={values}
            decorators={failedSave.decorators}
            render={({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
                {fields.map((field, index) => (
                  <TextField
                    key={field.name}
                    id={`profile-${field.name}`}
                    name={field.name}
                    label={field.label}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    validate={field.required ? required() : undefined}
                    autoFocus={index === 0}
                  />
                ))}
                <div className="settings-row-actions">
                  <Button text="Abbrechen" variant="minimal" onClick={() => onOpenChange(false)} />
                  <Button type="submit" intent="primary" text="Speichern" loading={submitting} />
                </div>
              </form>
            )}
          />
        </div>
      ) : null}
    </div>
  );
}
