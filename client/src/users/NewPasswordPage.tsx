import { useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { newPasswordFormSchema } from '../../../common/users/account.schema';
import { ResetPasswordDocument } from '../gql/graphql';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { serverSubmitErrors } from '../shared/forms/serverErrors';
import { TextField } from '../shared/forms/TextField';
import { IncompleteLinkPage } from '../shared/IncompleteLinkPage';
import { messages } from '../shared/messages';
import { PublicPage } from '../shared/PublicPage';
import { errorInfo, notifyError } from '../shared/toast';

const TITLE = 'Neues Passwort festlegen';

interface NewPasswordValues {
  password: string;
  passwordRepeat: string;
}

/** The password rules and German messages the server enforces (common/users/account.schema.ts). */
const validateNewPassword = schemaValidate<NewPasswordValues>(newPasswordFormSchema);

/**
 * /password/new?token=…: behind the mailed reset link. Opening it changes nothing; the password
 * changes only when the mailbox holder sends the new one (twice typed) with the link's token.
 */
export default function NewPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [resetPassword] = useMutation(ResetPasswordDocument);
  const failedSave = useFailedSaveFeedback<NewPasswordValues>();
  const [linkInvalid, setLinkInvalid] = useState(false);

  if (!token) {
    return <IncompleteLinkPage title={TITLE}>Der Link ist nicht vollständig. Bitte öffnen Sie ihn direkt aus der E-Mail oder kopieren Sie ihn ganz in die Adresszeile.</IncompleteLinkPage>;
  }

  const onSubmit = async (values: NewPasswordValues) => {
    try {
      await resetPassword({ variables: { token, password: values.password } });
      await navigate('/password/confirmed', { replace: true });
      return undefined;
    } catch (error) {
      if (errorInfo(error).code === 'HOOK_INVALID') {
        setLinkInvalid(true);
        return undefined;
      }
      const submitErrors = serverSubmitErrors(error);
      if (!submitErrors) notifyError(error, messages.passwordResetError);
      return submitErrors;
    }
  };

  if (linkInvalid) {
    return (
      <PublicPage title={TITLE}>
        <Callout intent="warning" title="Link ungültig" className="public-callout" role="alert">
          Der Link ist ungültig oder abgelaufen. Er gilt 60 Minuten und nur einmal; ein später angeforderter Link ersetzt ihn. Bitte fordern Sie einen neuen an.
        </Callout>
        <div className="public-links">
          <Link to="/password/reset">Neuen Link anfordern</Link>
          <Link to="/login">Zur Anmeldung</Link>
        </div>
      </PublicPage>
    );
  }

  return (
    <PublicPage title={TITLE}>
      <p>Geben Sie Ihr neues Passwort zweimal ein. Danach melden Sie sich damit an; alle bisherigen Anmeldungen Ihres Kontos werden beendet.</p>
      <Form<NewPasswordValues>
        onSubmit={onSubmit}
        validate={validateNewPassword}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <TextField name="password" label="Neues Passwort" type="password" autoComplete="new-password" autoFocus />
            <TextField name="passwordRepeat" label="Passwort wiederholen" type="password" autoComplete="new-password" />
            <Button type="submit" intent="primary" text="Passwort speichern" loading={submitting} fill />
          </form>
        )}
      />
      <div className="public-links">
        <Link to="/login">Zur Anmeldung</Link>
      </div>
    </PublicPage>
  );
}
