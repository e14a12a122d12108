import { useMutation } from '@apollo/client/react';
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { tenantFieldErrors } from '../../../common/tenants/tenant.validation.js';
import { CreateTenantDocument } from '../gql/graphql';
import { FieldErrorsContext, TextInput } from './fields';

export const generalFields = [
  { name: 'name', label: 'Name' },
  { name: 'contactName', label: 'Ansprechpartner' },
  { name: 'location', label: 'Adresse' },
  { name: 'mail', label: 'E-Mail', type: 'email' },
  { name: 'phone', label: 'Telefon', type: 'tel' },
  { name: 'website', label: 'Webseite', type: 'url' },
] as const;

type GeneralValues = Partial<Record<(typeof generalFields)[number]['name'], string>>;

/**
 * "Mandanten anlegen": the general data of a new tenant. On failure the dialog stays open and the
 * progress stops without a message (specification 01 section 8); success closes it.
 */
export function CreateTenantDialog({ isOpen, onClose, onCreated }: { isOpen: boolean; onClose: () => void; onCreated: () => void }) {
  const [createTenant, { loading }] = useMutation(CreateTenantDocument);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timer = useRef<number | undefined>(undefined);

  const submit = async (values: GeneralValues) => {
    const all = tenantFieldErrors(values);
    const found = Object.fromEntries(Object.entries(all).filter(([key]) => generalFields.some((field) => field.name === key)));
    if (Object.keys(found).length > 0) {
      setErrors(found);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setErrors({}), 4000);
      return;
    }
    try {
      await createTenant({ variables: { input: values } });
      onCreated();
      onClose();
    } catch (error) {
      console.error('Mandant konnte nicht angelegt werden', error);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Mandanten anlegen" style={{ maxWidth: 800, width: '90vw' }}>
      <Form<GeneralValues> onSubmit={submit}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <FieldErrorsContext.Provider value={errors}>
              <DialogBody>
                {generalFields.map((field) => (
                  <TextInput key={field.name} name={field.name} label={field.label} type={'type' in field ? field.type : 'text'} />
                ))}
              </DialogBody>
            </FieldErrorsContext.Provider>
            <DialogFooter
              actions={
                <>
                  <Button text="Abbrechen" onClick={onClose} />
                  <Button type="submit" intent="primary" text="Anlegen" loading={loading} />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
