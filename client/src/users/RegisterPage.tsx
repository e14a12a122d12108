import { useMutation } from '@apollo/client/react';
import { Button } from '@blueprintjs/core';
import { Form } from 'react-final-form';
import { Link, useNavigate } from 'react-router-dom';
import { registerFormSchema } from '../../../common/users/account.schema';
import { SignUpDocument } from '../gql/graphql';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { serverSubmitErrors } from '../shared/forms/serverErrors';
import { TextField } from '../shared/forms/TextField';
import { messages } from '../shared/messages';
import { PublicPage } from '../shared/PublicPage';
import { notifyError } from '../shared/toast';

interface RegisterValues {
  firstName: string;
  lastName: string;
  company?: string;
  email: string;
  password: string;
  passwordRepeat: string;
}

/** The rules and German messages of the account the server creates (common/users/account.schema.ts). */
const validateRegistration = schemaValidate<RegisterValues>(registerFormSchema);

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
        validate={validateRegistration}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <TextField name="firstName" label="Vorname" autoComplete="given-name" autoFocus />
            <TextField name="lastName" label="Nachname" autoComplete="family-name" />
            <TextField name="company" label="Firma" autoComplete="organization" optional />
            <TextField name="email" label="E-Mail" type="email" autoComplete="email" />
            <TextField name="password" label="Passwort" type="password" autoComplete="new-password" />
            <TextField
              name="passwordRepeat"
              label="Passwort wiederholen"
              type="password"
              autoComplete="new-password"
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
