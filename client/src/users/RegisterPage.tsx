import { useMutation } from '@apollo/client/react';
import { Button } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import { SignUpDocument } from '../gql/graphql';
import { minPasswordLength } from '../shared/forms/passwordRules';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { serverSubmitErrors } from '../shared/forms/serverErrors';
import { TextField } from '../shared/forms/TextField';
import { messages } from '../shared/messages';
import { PublicPage } from '../shared/PublicPage';
import { notifyError } from '../shared/toast';
import { compose, email, matches, required } from '../shared/validation';

interface RegisterValues {
  firstName: string;
  lastName: string;
  company?: string;
  email: string;
  password: string;
  passwordRepeat: string;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const [signUp] = useMutation(SignUpDocument);
  const failedSave = useFailedSaveFeedback<RegisterValues>();

  const onSubmit = async (values: RegisterValues) => {
    try {
      await signUp({
        variables: {
          input: {
            id: values.email.trim(),
            password: values.password,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            company: values.company?.trim() || null,
          },
        },
      });
      void navigate('/willkommen');
      return undefined;
    } catch (error) {
      const submitErrors = serverSubmitErrors(error, { id: 'email' });
      if (!submitErrors) notifyError(error, messages.registerFailed);
      return submitErrors;
    }
  };

  return (
    <PublicPage title="Registrieren">
      <Form<RegisterValues>
        onSubmit={onSubmit}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <TextField name="firstName" label="Vorname" autoComplete="given-name" autoFocus validate={required()} />
            <TextField name="lastName" label="Nachname" autoComplete="family-name" validate={required()} />
            <TextField name="company" label="Firma" autoComplete="organization" optional />
            <TextField name="email" label="E-Mail" type="email" autoComplete="email" validate={compose(required(), email)} />
            <TextField name="password" label="Passwort" type="password" autoComplete="new-password" validate={compose(required(), minPasswordLength)} />
            <TextField
              name="passwordRepeat"
              label="Passwort wiederholen"
              type="password"
              autoComplete="new-password"
              validate={compose(required(), matches('password'))}
            />
            <Button type="submit" intent="primary" text="Registrieren" loading={submitting} fill />
          </form>
        )}
      />
      <div className="public-links">
        <span>
          Bereits registriert? <Link to="/login">Zur Anmeldung</Link>
        </span>
      </div>
    </PublicPage>
  );
}
