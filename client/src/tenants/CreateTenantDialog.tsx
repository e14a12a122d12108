import { useMutation } from '@apollo/client/react';
import { Dialog, DialogBody } from '@blueprintjs/core';
import { DialogSaveFooter } from '../shared/forms/DialogSaveFooter';
import { Form } from 'react-final-form';
import { tenantFieldErrors } from '../../../common/tenants/tenant.validation.js';
import { CreateTenantDocument } from '../gql/graphql';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { serverSubmitErrors } from '../shared/forms/serverErrors';
import { FieldConventionsProvider } from '../shared/forms/fieldConventions';
import { TextField } from '../shared/forms/TextField';
import { tenantFieldConventions } from './fields';

export const generalFields = [
  { name: 'name', label: 'Name' },
  { name: 'contactName', label: 'Ansprechpartner' },
  { name: 'location', label: 'Adresse' },
  { name: 'mail', label: 'E-Mail', type: 'email' },
  { name: 'phone', label: 'Telefon', type: 'tel' },
  { name: 'website', label: 'Webseite', type: 'url' },
] as const;

type GeneralValues = Partial<Record<(typeof generalFields)[number]['name'], string>>;

/** The tenant rules for the general data only: the dialog has no other fields. */
function validateGeneral(values: GeneralValues): Record<string, string> {
  return Object.fromEntries(Object.entries(tenantFieldErrors(values)).filter(([key]) => generalFields.some((field) => field.name === key)));
}

/**
 * "Mandanten anlegen": the general data of a new tenant. Success closes the dialog and hands the new
 * tenant on; a failure keeps it open, with the field messages when the server names fields, else
 * only the progress stops.
 */
export function CreateTenantDialog({ isOpen, onClose, onCreated }: { isOpen: boolean; onClose: () => void; onCreated: (tenant: { id: string; name: string }) => void }) {
  const [createTenant, { loading }] = useMutation(CreateTenantDocument);
  const failedSave = useFailedSaveFeedback<GeneralValues>();

  const submit = async (values: GeneralValues) => {
    try {
      const { data } = await createTenant({ variables: { input: values } });
      onClose();
      if (data) onCreated(data.createTenant);
      return undefined;
    } catch (error) {
      console.error('Mandant konnte nicht angelegt werden', error);
      return serverSubmitErrors(error);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Mandanten anlegen" style={{ maxWidth: 800, width: '90vw' }}>
      <Form<GeneralValues> onSubmit={submit} validate={validateGeneral} decorators={failedSave.decorators}>
        {({ handleSubmit }) => (
          <FieldConventionsProvider conventions={tenantFieldConventions}>
            <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
              <DialogBody>
                {generalFields.map((field) => (
                  <TextField key={field.name} name={field.name} label={field.label} type={'type' in field ? field.type : 'text'} />
                ))}
              </DialogBody>
              <DialogSaveFooter onCancel={onClose} saveText="Anlegen" saving={loading} />
            </form>
          </FieldConventionsProvider>
        )}
      </Form>
    </Dialog>
  );
}
