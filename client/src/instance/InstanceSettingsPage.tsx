import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, ControlGroup, FormGroup, H2, HTMLSelect, InputGroup, NonIdealState, Section, SectionCard, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import { InstanceMailTemplatePreviewDocument, InstanceSettingsDocument, UpdateInstanceDocument, type InstanceInput, type InstanceSettingsFieldsFragment } from '../gql/graphql';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { helperLine, shownFieldError } from '../shared/forms/fieldMessage';
import { MailTemplateField } from '../shared/forms/MailTemplateField';
import { SaveBar } from '../shared/forms/SaveBar';
import { nestFieldErrors, serverSubmitErrors } from '../shared/forms/serverErrors';
import { TextField } from '../shared/forms/TextField';
import { notify } from '../shared/toast';
import { EMAIL_PATTERN, type Validator } from '../shared/validation';
import { NumberField, SecretField, SwitchField } from './fields';
import './instance.css';

const EMAIL_MESSAGE = 'Muss gültige E-Mail-Adresse sein.';
const URL_MESSAGE = 'Ungültige URL.';
const REQUIRED = 'Pflichtfeld';

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const optionalEmail: Validator = (value) => (isBlank(value) || EMAIL_PATTERN.test(String(value).trim()) ? undefined : EMAIL_MESSAGE);
const optionalUrl: Validator = (value) => {
  if (isBlank(value)) return undefined;
  try {
    const url = new URL(String(value).trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : URL_MESSAGE;
  } catch {
    return URL_MESSAGE;
  }
};
const wholeNumber: Validator = (value) => (isBlank(value) || /^\d+$/.test(String(value).trim()) ? undefined : 'Muss eine ganze Zahl sein.');

interface RoleMappingRow {
  tenantId: string;
  keycloakRole: string;
  tenantRoleId: string;
}

/** The form's values: the settings with numbers as text and the secrets as new values (empty = keep). */
interface InstanceFormValues {
  contactAddress: string;
  contactUrl: string;
  dataProtectionUrl: string;
  legalNoticeUrl: string;
  mailAddress: string;
  mailEnabled: boolean;
  useOwnMailServer: boolean;
  mailTemplate: string;
  noreplyMail: string;
  noreplyDisplayName: string;
  noreplyHost: string;
  noreplyPort: string;
  noreplyUser: string;
  noreplyPassword: string;
  noreplyStarttls: boolean;
  noreplyUseGraphApi: boolean;
  noreplyGraphTenantId: string;
  noreplyGraphClientId: string;
  noreplyGraphClientSecret: string;
  ownerUserIds: string[];
  allowAllUsersToCreateTenant: boolean;
  allowedUsersToCreateTenant: string[];
  maxTenants: string;
  maxBookables: string;
  maxEvents: string;
  sso: {
    active: boolean;
    serverUrl: string;
    realm: string;
    publicClient: string;
    privateClient: string;
    privateClientSecret: string;
    roleMapping: { active: boolean; roles: RoleMappingRow[] };
  };
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const textNumber = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

function toFormValues(settings: InstanceSettingsFieldsFragment): InstanceFormValues {
  return {
    contactAddress: settings.contactAddress,
    contactUrl: settings.contactUrl,
    dataProtectionUrl: settings.dataProtectionUrl,
    legalNoticeUrl: settings.legalNoticeUrl,
    mailAddress: settings.mailAddress,
    mailEnabled: settings.mailEnabled,
    useOwnMailServer: settings.useOwnMailServer,
    mailTemplate: settings.mailTemplate,
    noreplyMail: settings.noreplyMail,
    noreplyDisplayName: settings.noreplyDisplayName,
    noreplyHost: settings.noreplyHost,
    noreplyPort: numberText(settings.noreplyPort),
    noreplyUser: settings.noreplyUser,
    noreplyPassword: '',
    noreplyStarttls: settings.noreplyStarttls,
    noreplyUseGraphApi: settings.noreplyUseGraphApi,
    noreplyGraphTenantId: settings.noreplyGraphTenantId,
    noreplyGraphClientId: settings.noreplyGraphClientId,
    noreplyGraphClientSecret: '',
    ownerUserIds: [...settings.ownerUserIds],
    allowAllUsersToCreateTenant: settings.allowAllUsersToCreateTenant,
    allowedUsersToCreateTenant: [...settings.allowedUsersToCreateTenant],
    maxTenants: numberText(settings.maxTenants),
    maxBookables: numberText(settings.maxBookables),
    maxEvents: numberText(settings.maxEvents),
    sso: {
      active: settings.sso.active,
      serverUrl: settings.sso.serverUrl,
      realm: settings.sso.realm,
      publicClient: settings.sso.publicClient,
      privateClient: settings.sso.privateClient,
      privateClientSecret: '',
      roleMapping: {
        active: settings.sso.roleMapping.active,
        roles: settings.sso.roleMapping.roles.map(({ tenantId, keycloakRole, tenantRoleId }) => ({ tenantId, keycloakRole, tenantRoleId })),
      },
    },
  };
}

/** Secrets are sent only when something was typed: an empty field keeps the stored value. */
function toInput(values: InstanceFormValues): InstanceInput {
  const secret = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    contactAddress: values.contactAddress ?? '',
    contactUrl: values.contactUrl ?? '',
    dataProtectionUrl: values.dataProtectionUrl ?? '',
    legalNoticeUrl: values.legalNoticeUrl ?? '',
    mailAddress: values.mailAddress ?? '',
    mailEnabled: values.mailEnabled,
    useOwnMailServer: values.useOwnMailServer,
    mailTemplate: values.mailTemplate ?? '',
    noreplyMail: values.noreplyMail ?? '',
    noreplyDisplayName: values.noreplyDisplayName ?? '',
    noreplyHost: values.noreplyHost ?? '',
    noreplyPort: textNumber(values.noreplyPort ?? ''),
    noreplyUser: values.noreplyUser ?? '',
    noreplyPassword: secret(values.noreplyPassword ?? ''),
    noreplyStarttls: values.noreplyStarttls,
    noreplyUseGraphApi: values.noreplyUseGraphApi,
    noreplyGraphTenantId: values.noreplyGraphTenantId ?? '',
    noreplyGraphClientId: values.noreplyGraphClientId ?? '',
    noreplyGraphClientSecret: secret(values.noreplyGraphClientSecret ?? ''),
    ownerUserIds: values.ownerUserIds,
    allowAllUsersToCreateTenant: values.allowAllUsersToCreateTenant,
    allowedUsersToCreateTenant: values.allowedUsersToCreateTenant,
    maxTenants: textNumber(values.maxTenants ?? ''),
    maxBookables: textNumber(values.maxBookables ?? ''),
    maxEvents: textNumber(values.maxEvents ?? ''),
    sso: {
      active: values.sso.active,
      serverUrl: values.sso.serverUrl ?? '',
      realm: values.sso.realm ?? '',
      publicClient: values.sso.publicClient ?? '',
      privateClient: values.sso.privateClient ?? '',
      privateClientSecret: secret(values.sso.privateClientSecret ?? ''),
      roleMapping: { active: values.sso.roleMapping.active, roles: values.sso.roleMapping.roles },
    },
  };
}

/** Cross-field rules: with the instance's own mail server in use, the chosen method (SMTP or Graph) must be complete. */
function validateForm(values: InstanceFormValues, settings: InstanceSettingsFieldsFragment): Record<string, unknown> {
  const errors: Record<string, string> = {};
  if (values.useOwnMailServer) {
    const need = (field: keyof InstanceFormValues, present: boolean) => {
      if (!present) errors[field] = REQUIRED;
    };
    need('noreplyMail', !isBlank(values.noreplyMail));
    need('noreplyDisplayName', !isBlank(values.noreplyDisplayName));
    if (values.noreplyUseGraphApi) {
      need('noreplyGraphTenantId', !isBlank(values.noreplyGraphTenantId));
      need('noreplyGraphClientId', !isBlank(values.noreplyGraphClientId));
      need('noreplyGraphClientSecret', settings.noreplyGraphClientSecretSet || !isBlank(values.noreplyGraphClientSecret));
    } else {
      need('noreplyHost', !isBlank(values.noreplyHost));
      need('noreplyPort', !isBlank(values.noreplyPort));
      need('noreplyUser', !isBlank(values.noreplyUser));
      need('noreplyPassword', settings.noreplyPasswordSet || !isBlank(values.noreplyPassword));
    }
  }
  if (values.sso?.active) {
    if (isBlank(values.sso.serverUrl)) errors['sso.serverUrl'] = REQUIRED;
    if (isBlank(values.sso.publicClient)) errors['sso.publicClient'] = REQUIRED;
  }
  if (values.ownerUserIds.length === 0) errors.ownerUserIds = 'Die Instanz braucht mindestens einen Besitzer.';
  // final-form reads nested keys from nested objects.
  return nestFieldErrors(errors) ?? {};
}

/** A list of user ids (e-mail addresses) with add and remove, bound to an array field. */
function UserIdList({ name, label, addLabel, emptyText, minimum = 0 }: { name: string; label: string; addLabel: string; emptyText: string; minimum?: number }) {
  const { input, meta } = useField<string[]>(name);
  const ids = input.value || [];
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const inputId = `${name}-neu`;
  const add = () => {
    const id = draft.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(id)) return setDraftError(EMAIL_MESSAGE);
    setDraftError(undefined);
    if (!ids.includes(id)) input.onChange([...ids, id]);
    setDraft('');
  };
  const error = draftError ?? shownFieldError(meta);
  return (
    <FormGroup label={label} labelFor={inputId} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <ul className="instance-user-list" aria-label={label}>
        {ids.length === 0 ? <li className="instance-user-list-empty">{emptyText}</li> : null}
        {ids.map((id) => (
          <li key={id}>
            <Tag large minimal>
              {id}
            </Tag>
            {ids.length > minimum ? (
              <Button variant="minimal" size="small" icon="cross" aria-label={`${id} entfernen`} onClick={() => input.onChange(ids.filter((candidate) => candidate !== id))} />
            ) : null}
          </li>
        ))}
      </ul>
      <ControlGroup>
        <InputGroup
          id={inputId}
          type="email"
          placeholder="E-Mail-Adresse"
          value={draft}
          intent={error ? 'danger' : 'none'}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button icon="add" text={addLabel} onClick={add} />
      </ControlGroup>
    </FormGroup>
  );
}

type TenantOption = { id: string; name: string };
type RoleOption = { id: string; name: string; tenantId: string };

/** The single sign-on role mapping rows: tenant, provider role, and the tenant's role it grants. */
function RoleMappingRows({ tenants, roles }: { tenants: TenantOption[]; roles: RoleOption[] }) {
  const { input } = useField<RoleMappingRow[]>('sso.roleMapping.roles');
  const rows = input.value || [];
  const change = (index: number, patch: Partial<RoleMappingRow>) => input.onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="instance-role-mapping">
      {rows.map((row, index) => (
        <ControlGroup key={index} fill className="instance-role-mapping-row">
          <HTMLSelect
            aria-label={`Mandant (Zeile ${index + 1})`}
            value={row.tenantId}
            // Another tenant's roles do not apply: changing the tenant clears the chosen role.
            onChange={(event) => change(index, { tenantId: event.currentTarget.value, tenantRoleId: '' })}
            options={[{ value: '', label: 'Mandant wählen' }, ...tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))]}
          />
          <InputGroup aria-label={`Rolle beim Anbieter (Zeile ${index + 1})`} placeholder="Rolle beim Anbieter" value={row.keycloakRole} onChange={(event) => change(index, { keycloakRole: event.currentTarget.value })} />
          <HTMLSelect
            aria-label={`Rolle im Mandanten (Zeile ${index + 1})`}
            value={row.tenantRoleId}
            disabled={!row.tenantId}
            onChange={(event) => change(index, { tenantRoleId: event.currentTarget.value })}
            options={[
              { value: '', label: 'Rolle wählen' },
              ...roles.filter((role) => role.tenantId === row.tenantId).map((role) => ({ value: role.id, label: role.name })),
            ]}
          />
          <Button icon="trash" aria-label={`Zuordnung ${index + 1} entfernen`} onClick={() => input.onChange(rows.filter((_, i) => i !== index))} />
        </ControlGroup>
      ))}
      <Button icon="add" text="Zuordnung hinzufügen" onClick={() => input.onChange([...rows, { tenantId: '', keycloakRole: '', tenantRoleId: '' }])} />
    </div>
  );
}

/** Says plainly what the switched-off mail means, since nobody would notice mails that never leave. */
function MailSwitchedOffNotice() {
  const { values } = useFormState<InstanceFormValues>({ subscription: { values: true } });
  if (values.mailEnabled) return null;
  return (
    <Callout intent="warning" className="instance-mail-off">
      Der Mailversand ist ausgeschaltet: Keine E-Mail verlässt die Instanz, auch keine Buchungsbestätigung, Rechnung oder Kennwort-Mail. Jede unterdrückte E-Mail wird im
      Protokoll des Servers vermerkt.
    </Callout>
  );
}

function MailSubForm({ settings }: { settings: InstanceSettingsFieldsFragment }) {
  const { values } = useFormState<InstanceFormValues>({ subscription: { values: true } });
  if (!values.useOwnMailServer) return null;
  return (
    <div className="instance-subform">
      <TextField name="noreplyMail" label="Absenderadresse" type="email" validate={optionalEmail} />
      <TextField name="noreplyDisplayName" label="Absendername" />
      <SwitchField name="noreplyUseGraphApi" label="Office365 Graph API statt SMTP verwenden" />
      {values.noreplyUseGraphApi ? (
        <>
          <TextField name="noreplyGraphTenantId" label="Graph Tenant-ID" />
          <TextField name="noreplyGraphClientId" label="Graph Client-ID" />
          <SecretField name="noreplyGraphClientSecret" label="Graph Client-Secret" isSet={settings.noreplyGraphClientSecretSet} />
        </>
      ) : (
        <>
          <TextField name="noreplyHost" label="SMTP-Server" />
          <NumberField name="noreplyPort" label="SMTP-Port" validate={wholeNumber} />
          <TextField name="noreplyUser" label="SMTP-Benutzer" />
          <SecretField name="noreplyPassword" label="SMTP-Passwort" isSet={settings.noreplyPasswordSet} />
          <SwitchField name="noreplyStarttls" label="STARTTLS verwenden" />
        </>
      )}
    </div>
  );
}

function SsoSubForm({ settings, tenants, roles }: { settings: InstanceSettingsFieldsFragment; tenants: TenantOption[]; roles: RoleOption[] }) {
  const { values } = useFormState<InstanceFormValues>({ subscription: { values: true } });
  return (
    <>
      <SwitchField name="sso.active" label="Single Sign-on aktiv" />
      <TextField name="sso.serverUrl" id="sso-serverUrl" label="Server-URL" validate={optionalUrl} />
      <TextField name="sso.realm" id="sso-realm" label="Realm" optional />
      <TextField name="sso.publicClient" id="sso-publicClient" label="Öffentlicher Client" />
      <TextField name="sso.privateClient" id="sso-privateClient" label="Privater Client" optional />
      <SecretField name="sso.privateClientSecret" label="Client-Secret des privaten Clients" isSet={settings.sso.privateClientSecretSet} />
      <SwitchField name="sso.roleMapping.active" label="Rollenzuordnung aktiv" />
      {values.sso?.roleMapping?.active ? <RoleMappingRows tenants={tenants} roles={roles} /> : null}
    </>
  );
}

/** Instance settings (/admin/instanz), for instance owners. */
export default function InstanceSettingsPage() {
  const { data, loading, error } = useQuery(InstanceSettingsDocument, { fetchPolicy: 'cache-and-network' });
  const [updateInstance] = useMutation(UpdateInstanceDocument);
  const client = useApolloClient();
  const renderMailTemplate = async (template: string) => {
    const { data: preview } = await client.query({ query: InstanceMailTemplatePreviewDocument, variables: { template }, fetchPolicy: 'no-cache' });
    return preview?.instanceMailTemplatePreview ?? '';
  };
  const failedSave = useFailedSaveFeedback<InstanceFormValues>();
  const settings = data?.instanceSettings;
  const initialValues = useMemo(() => (settings ? toFormValues(settings) : undefined), [settings]);

  if (!settings || !initialValues) {
    return (
      <section className="admin-page">
        <H2>Instanz verwalten</H2>
        {loading ? <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." /> : <Callout intent="danger">{error?.message ?? 'Fehler'}</Callout>}
      </section>
    );
  }

  const onSubmit = async (values: InstanceFormValues) => {
    try {
      await updateInstance({ variables: { input: toInput(values) } });
      notify({ type: 'success', title: 'Instanz erfolgreich aktualisiert' });
      return undefined;
    } catch (failure) {
      const submitErrors = serverSubmitErrors(failure, {
        noreplyPasswordSet: 'noreplyPassword',
        noreplyGraphClientSecretSet: 'noreplyGraphClientSecret',
        'sso.privateClientSecretSet': 'sso.privateClientSecret',
      });
      if (!submitErrors) notify({ type: 'danger', title: 'Fehler beim Aktualisieren der Instanz' });
      return submitErrors;
    }
  };

  return (
    <section className="admin-page instance-page">
      <H2>Instanz verwalten</H2>
      <Form<InstanceFormValues>
        onSubmit={onSubmit}
        initialValues={initialValues}
        initialValuesEqual={(a, b) => JSON.stringify(a) === JSON.stringify(b)}
        validate={(values) => validateForm(values, settings)}
        decorators={failedSave.decorators}
        render={({ handleSubmit, submitting, form, pristine }) => (
          <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef}>
            <Section title="Kontakt" icon="office" elevation={1}>
              <SectionCard>
                <TextField name="contactAddress" label="Kontaktadresse" />
                <TextField name="contactUrl" label="Webseite" validate={optionalUrl} />
                <TextField name="dataProtectionUrl" label="Link zur Datenschutzerklärung" validate={optionalUrl} />
                <TextField name="legalNoticeUrl" label="Link zum Impressum" validate={optionalUrl} />
              </SectionCard>
            </Section>
            <Section title="E-Mail" icon="envelope" elevation={1}>
              <SectionCard>
                <TextField name="mailAddress" label="Empfänger der Systemnachrichten" type="email" validate={optionalEmail} />
                <SwitchField name="mailEnabled" label="E-Mails versenden" />
                <MailSwitchedOffNotice />
                <SwitchField name="useOwnMailServer" label="Eigene E-Mail-Konfiguration verwenden" />
                <MailSubForm settings={settings} />
                <MailTemplateField name="mailTemplate" label="E-Mail-Vorlage der Instanz" render={renderMailTemplate} />
              </SectionCard>
            </Section>
            <Section title="Besitzer der Instanz" icon="crown" elevation={1}>
              <SectionCard>
                <UserIdList name="ownerUserIds" label="Besitzer" addLabel="Besitzer hinzufügen" emptyText="Keine Besitzer" minimum={1} />
              </SectionCard>
            </Section>
            <Section title="Mandanten anlegen" icon="new-object" elevation={1}>
              <SectionCard>
                <SwitchField name="allowAllUsersToCreateTenant" label="Alle Benutzer dürfen Mandanten anlegen" />
                <UserIdList name="allowedUsersToCreateTenant" label="Berechtigte Benutzer" addLabel="Benutzer hinzufügen" emptyText="Keine einzelnen Benutzer berechtigt" />
              </SectionCard>
            </Section>
            <Section title="Kontingente" icon="dashboard" elevation={1}>
              <SectionCard>
                <NumberField name="maxTenants" label="Maximale Anzahl Mandanten" placeholder="unbegrenzt" validate={wholeNumber} />
                <NumberField name="maxBookables" label="Maximale Anzahl öffentlicher Objekte" placeholder="unbegrenzt" validate={wholeNumber} />
                <NumberField name="maxEvents" label="Maximale Anzahl öffentlicher Veranstaltungen" placeholder="unbegrenzt" validate={wholeNumber} />
              </SectionCard>
            </Section>
            <Section title="Single Sign-on" icon="key" elevation={1}>
              <SectionCard>
                <SsoSubForm settings={settings} tenants={data.tenants} roles={data.allRoles} />
              </SectionCard>
            </Section>
            <SaveBar>
              <Button text="Zurücksetzen" icon="reset" disabled={submitting || pristine} onClick={() => form.reset()} />
              <Button type="submit" intent="primary" icon="floppy-disk" text="Speichern" loading={submitting} />
            </SaveBar>
          </form>
        )}
      />
    </section>
  );
}
