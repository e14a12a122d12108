import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Callout, ControlGroup, FormGroup, HTMLSelect, InputGroup, NonIdealState, Section, SectionCard, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import { InstanceMailTemplatePreviewDocument, InstanceSettingsDocument, UpdateInstanceDocument, type InstanceSettingsFieldsFragment } from '../gql/graphql';
import { helperLine, shownFieldError } from '../shared/forms/fieldMessage';
import { MailSenderFields } from '../shared/forms/MailSenderFields';
import { MailTemplateField } from '../shared/forms/MailTemplateField';
import { SaveBar } from '../shared/forms/SaveBar';
import { useSaveDialog } from '../shared/forms/saveDialog';
import { NumberField } from '../shared/forms/NumberField';
import { SecretField } from '../shared/forms/SecretField';
import { SwitchField } from '../shared/forms/SwitchField';
import { TextField } from '../shared/forms/TextField';
import { notify } from '../shared/toast';
import { EMAIL_PATTERN } from '../shared/validation';
import { EMAIL_MESSAGE, type InstanceFormValues, optionalEmail, optionalUrl, type RoleMappingRow, toFormValues, toInput, validateForm, wholeNumber } from './instanceFormValues';
import './instance.css';
import { PageTitle } from '../shared/PageTitle';

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
      <MailSenderFields secretsSet={{ password: settings.noreplyPasswordSet, graphClientSecret: settings.noreplyGraphClientSecretSet }} validateMail={optionalEmail} portAsText={{ validate: wholeNumber }} />
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
  const saving = useSaveDialog<InstanceFormValues>({
    save: (values) => updateInstance({ variables: { input: toInput(values) } }),
    saved: { title: 'Instanz erfolgreich aktualisiert' },
    failed: () => notify({ type: 'danger', title: 'Fehler beim Aktualisieren der Instanz' }),
    // The server names a secret by its "…Set" flag; the message belongs at the secret's input.
    fieldAliases: {
      noreplyPasswordSet: 'noreplyPassword',
      noreplyGraphClientSecretSet: 'noreplyGraphClientSecret',
      'sso.privateClientSecretSet': 'sso.privateClientSecret',
    },
  });
  const settings = data?.instanceSettings;
  const initialValues = useMemo(() => (settings ? toFormValues(settings) : undefined), [settings]);

  if (!settings || !initialValues) {
    return (
      <section className="admin-page">
        <PageTitle>Instanz verwalten</PageTitle>
        {loading ? <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." /> : <Callout intent="danger">{error?.message ?? 'Fehler'}</Callout>}
      </section>
    );
  }

  return (
    <section className="admin-page instance-page">
      <PageTitle>Instanz verwalten</PageTitle>
      <Form<InstanceFormValues>
        onSubmit={saving.submit}
        initialValues={initialValues}
        initialValuesEqual={(a, b) => JSON.stringify(a) === JSON.stringify(b)}
        validate={(values) => validateForm(values, settings)}
        decorators={saving.decorators}
        render={({ handleSubmit, submitting, form, pristine }) => (
          <form onSubmit={handleSubmit} noValidate ref={saving.formRef}>
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
                <NumberField keepsText name="maxTenants" label="Maximale Anzahl Mandanten" placeholder="unbegrenzt" validate={wholeNumber} />
                <NumberField keepsText name="maxBookables" label="Maximale Anzahl öffentlicher Objekte" placeholder="unbegrenzt" validate={wholeNumber} />
                <NumberField keepsText name="maxEvents" label="Maximale Anzahl öffentlicher Veranstaltungen" placeholder="unbegrenzt" validate={wholeNumber} />
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
