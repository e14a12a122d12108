import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { apiTokenInputSchema, apiTokenPresetLabels, apiTokenPresets, defaultApiTokenExpiry, type ApiTokenPreset } from '../../../../common/tokens/api-token';
import { parseFields } from '../../../../common/validation/schema';
import { ApiTokenRolesDocument, ApiTokensDocument, CreateApiTokenDocument } from '../../gql/graphql';
import { DateField } from '../../shared/forms/DateField';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { helperLine, shownFieldError } from '../../shared/forms/fieldMessage';
import { useSaveDialog } from '../../shared/forms/saveDialog';
import { nestedErrors } from '../../shared/forms/schemaValidate';
import { TextField } from '../../shared/forms/TextField';
import { apiTokenTexts } from './apiTokenTexts';
import { CopyableField } from '../../shared/forms/CopyableField';

interface ApiTokenFormValues {
  name: string;
  /** A preset's name, or `role:<id>`. */
  rights: string;
  /** YYYY-MM-DD: the token runs until the end of this day. */
  expiresOn: string;
}

const ROLE = 'role:';

/** A local day as YYYY-MM-DD. */
const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The form's values as the server's input: the rights split into preset or role, the day's end as expiry. */
function inputOf(values: ApiTokenFormValues) {
  const rights = values.rights ?? '';
  return {
    name: values.name ?? '',
    // The select offers only the presets and roles; the server checks the name again.
    preset: rights && !rights.startsWith(ROLE) ? (rights as ApiTokenPreset) : null,
    roleId: rights.startsWith(ROLE) ? rights.slice(ROLE.length) : null,
    expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59`).toISOString() : '',
  };
}

/** The server's field names on the form's. */
const fieldAliases = { preset: 'rights', roleId: 'rights', expiresAt: 'expiresOn' };

/** The same rules and German messages as the server (common/tokens/api-token.ts), at the form's fields. */
function validate(values: ApiTokenFormValues) {
  const input = inputOf(values);
  const result = parseFields(apiTokenInputSchema(Date.now()), { ...input, expiresAt: values.expiresOn ? input.expiresAt : 'kein Datum' });
  if (result.ok) return {};
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(result.fieldErrors)) errors[fieldAliases[field as keyof typeof fieldAliases] ?? field] ??= message;
  return nestedErrors(errors);
}

function RightsField({ roles }: { roles: { id: string; name: string }[] }) {
  const { input, meta } = useField<string>('rights');
  const error = shownFieldError(meta);
  return (
    <FormGroup label="Rechte" labelFor="rights" helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <HTMLSelect name={input.name} value={input.value ?? ''} onChange={input.onChange} onFocus={input.onFocus} onBlur={input.onBlur} id="rights" fill aria-invalid={error ? true : undefined}>
        <option value="">Bitte wählen …</option>
        <optgroup label="Vorlagen">
          {apiTokenPresets.map((preset) => (
            <option key={preset} value={preset}>
              {apiTokenPresetLabels[preset]}
            </option>
          ))}
        </optgroup>
        {roles.length > 0 && (
          <optgroup label="Rollen des Mandanten">
            {roles.map((role) => (
              <option key={role.id} value={`${ROLE}${role.id}`}>
                {role.name}
              </option>
            ))}
          </optgroup>
        )}
      </HTMLSelect>
    </FormGroup>
  );
}

function ExpiryField() {
  const { input, meta } = useField<string>('expiresOn');
  return <DateField id="expiresOn" label="Ablauf" value={input.value ?? ''} onChange={input.onChange} onBlur={input.onBlur} error={shownFieldError(meta)} helperText="Höchstens zwei Jahre; der Zugang gilt bis zum Ende dieses Tages." />;
}

/** The secret of a token just created, shown this once, with a copy button. */
function SecretShownOnce({ secret }: { secret: string }) {
  return (
    <>
      <Callout intent="warning" icon="warning-sign" title={apiTokenTexts.secretOnce}>
        {apiTokenTexts.secretHint}
      </Callout>
      <CopyableField id="api-token-secret" label={apiTokenTexts.secretLabel} value={secret} copied={apiTokenTexts.copied} copyFailed={apiTokenTexts.copyFailed} className="api-token-secret" />
    </>
  );
}

/**
 * "Zugang erstellen": name, rights (a preset or one of the tenant's roles) and expiry (a year by
 * default). After saving, the same dialog shows the secret once; closing it forgets the secret.
 */
export function CreateApiTokenDialog({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const roles = useQuery(ApiTokenRolesDocument, { variables: { tenantId } });
  const [secret, setSecret] = useState<string | null>(null);
  const [startValues] = useState<ApiTokenFormValues>(() => ({ name: '', rights: '', expiresOn: dayOf(defaultApiTokenExpiry(Date.now())) }));
  const [create] = useMutation(CreateApiTokenDocument, {
    // The new token joins the list from the mutation's answer, without a refetch.
    update: (cache, { data }) => {
      const created = data?.createApiToken.token;
      if (!created) return;
      cache.updateQuery({ query: ApiTokensDocument, variables: { tenantId } }, (list) => (list ? { ...list, apiTokens: [created, ...list.apiTokens.filter((token) => token.id !== created.id)] } : list));
    },
  });
  const dialog = useSaveDialog<ApiTokenFormValues>({
    save: async (values) => {
      const result = await create({ variables: { tenantId, input: inputOf(values) } });
      setSecret(result.data?.createApiToken.secret ?? null);
    },
    saved: apiTokenTexts.created,
    failed: apiTokenTexts.createError,
    fieldAliases,
  });

  return (
    <Dialog isOpen title={secret ? 'API-Zugang erstellt' : apiTokenTexts.create} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 640 }}>
      {secret ? (
        <>
          <DialogBody>
            <SecretShownOnce secret={secret} />
          </DialogBody>
          <DialogFooter actions={<Button intent="primary" text="Schließen" onClick={onClose} />} />
        </>
      ) : (
        <Form<ApiTokenFormValues>
          initialValues={startValues}
          onSubmit={dialog.submit}
          validate={validate}
          decorators={dialog.decorators}
          render={({ handleSubmit, submitting }) => (
            <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
              <DialogBody>
                <TextField name="name" id="name" label="Name" required helperText="z. B. „Website der Stadt“ oder „Raumanzeige Foyer“" />
                <RightsField roles={roles.data?.roles ?? []} />
                <ExpiryField />
              </DialogBody>
              <DialogSaveFooter onCancel={onClose} saving={submitting} saveText="Erstellen" />
            </form>
          )}
        />
      )}
    </Dialog>
  );
}
