import { useMutation } from '@apollo/client/react';
import { Button, Callout, Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { DeleteMyAccountDocument } from '../../gql/graphql';
import { apolloClient } from '../../shared/apollo';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { serverSubmitErrors } from '../../shared/forms/serverErrors';
import { TextField } from '../../shared/forms/TextField';
import { resetState, type SessionUser } from '../../shared/store';
import { errorInfo, notify, notifyAfterReload } from '../../shared/toast';
import { required, validationMessages } from '../../shared/validation';

const PERSONAL_DATA_URL = '/api/users/me/personal-data';

/** The file's name as the server names it (Content-Disposition), or one of our own. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'meine-daten.json';
}

/** Fetches the own data as JSON and hands it to the browser as a file. */
async function downloadPersonalData(): Promise<void> {
  const response = await fetch(PERSONAL_DATA_URL, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the browser may free it afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface DeleteValues {
  password?: string;
  email?: string;
}

/**
 * "Konto löschen": the account holder confirms with the password (single sign-on accounts, which
 * have none here, with their e-mail address). A refusal that names no field (the last owner of a
 * tenant, the only instance owner) stays inside the dialog, where the decision is being made.
 */
function DeleteAccountDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const [deleteMyAccount] = useMutation(DeleteMyAccountDocument);
  const failedSave = useFailedSaveFeedback<DeleteValues>();
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const external = user.authType === 'keycloak';

  const onSubmit = async (values: DeleteValues) => {
    setRefusal(null);
    try {
      await deleteMyAccount({ variables: { input: external ? { email: values.email?.trim() ?? '' } : { password: values.password ?? '' } } });
    } catch (error) {
      const submitErrors = serverSubmitErrors(error);
      if (submitErrors) return submitErrors;
      const info = errorInfo(error);
      setRefusal({ title: 'Das Konto wurde nicht gelöscht', message: info.message ?? 'Das Konto konnte nicht gelöscht werden. Bitte versuchen Sie es erneut.' });
      return undefined;
    }
    // The server has ended every session of the account; here only the local state goes.
    resetState();
    await apolloClient.clearStore();
    notifyAfterReload({
      type: 'success',
      title: 'Konto gelöscht',
      message: 'Ihr Konto, Ihre Mitgliedschaften und Anmeldungen wurden gelöscht. Ihre Buchungen bleiben bei den Mandanten ohne Verknüpfung zu Ihrem Konto erhalten.',
      timeout: -1,
    });
    window.location.assign('/');
    return undefined;
  };

  return (
    <Dialog isOpen title="Konto löschen" icon="trash" onClose={onClose} className="account-delete-dialog">
      <Form<DeleteValues>
        onSubmit={onSubmit}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <DialogBody>
              <p>Wenn Sie Ihr Konto löschen,</p>
              <ul>
                <li>werden Ihr Konto mit Ihren Profildaten, Ihre Mitgliedschaften und Rollen in allen Mandanten und Ihre Inhaberschaften gelöscht,</li>
                <li>werden Sie überall abgemeldet und können sich mit {user.id} nicht mehr anmelden,</li>
                <li>bleiben Ihre Buchungen bei den Mandanten erhalten (sie gehören zu deren Unterlagen), sind aber nicht mehr mit Ihrem Konto verknüpft.</li>
              </ul>
              <p>Als letzter Inhaber eines Mandanten bestimmen Sie vorher einen anderen Inhaber. Das Löschen kann nicht rückgängig gemacht werden.</p>
              {refusal ? (
                <Callout intent="danger" title={refusal.title} role="alert" className="account-delete-refusal">
                  {refusal.message}
                </Callout>
              ) : null}
              {external ? (
                <TextField
                  name="email"
                  id="account-delete-email"
                  label="Zur Bestätigung Ihre E-Mail-Adresse"
                  type="email"
                  autoComplete="off"
                  validate={required('Bitte geben Sie Ihre E-Mail-Adresse ein.')}
                  helperText={`Geben Sie ${user.id} ein.`}
                />
              ) : (
                <TextField name="password" id="account-delete-password" label="Ihr aktuelles Passwort" type="password" autoComplete="current-password" validate={required(validationMessages.passwordRequired)} />
              )}
            </DialogBody>
            <DialogSaveFooter onCancel={onClose} saveText="Konto endgültig löschen" saveIcon="trash" saving={submitting} />
          </form>
        )}
      />
    </Dialog>
  );
}

/** The settings' "Meine Daten": the own data as a file, and the deletion of the account. */
export function AccountDataSection({ user }: { user: SessionUser }) {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadPersonalData();
    } catch {
      notify({ type: 'danger', title: 'Fehler', message: 'Ihre Daten konnten nicht heruntergeladen werden. Bitte versuchen Sie es erneut.' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <p>
        Die Datei (JSON) enthält Ihr Konto, Ihre Mitgliedschaften und Rollen in den Mandanten, die Ihrem Konto zugeordneten Buchungen und noch offene E-Mail-Links, nie Passwörter oder
        Sicherheitsschlüssel.
      </p>
      <div className="settings-account-actions">
        <Button icon="download" text="Meine Daten herunterladen" loading={downloading} onClick={() => void onDownload()} />
        <Button icon="trash" intent="danger" text="Konto löschen" onClick={() => setDeleting(true)} />
      </div>
      {deleting ? <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} /> : null}
    </>
  );
}
