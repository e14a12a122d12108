import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, FormGroup, Icon, InputGroup, NonIdealState, Section, SectionCard, Spinner, Tag } from '@blueprintjs/core';
import { getIn } from 'final-form';
import { type ReactNode, useMemo, useState } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import { Link, useSearchParams } from 'react-router-dom';
import {
  TenantEditDocument,
  type TenantEditFieldsFragment,
  TenantMailTemplatePreviewDocument,
  TenantMembersDocument,
  UpdateTenantDocument,
  type WorkflowFieldsFragment,
} from '../../gql/graphql';
import { TenantPublicLinks } from '../../portal/PublicLinks';
import { CollapsibleSection } from '../../shared/CollapsibleSection';
import { FieldConventionsProvider } from '../../shared/forms/fieldConventions';
import { MailSenderFields } from '../../shared/forms/MailSenderFields';
import { MailTemplateField } from '../../shared/forms/MailTemplateField';
import { NumberField } from '../../shared/forms/NumberField';
import { SaveBar } from '../../shared/forms/SaveBar';
import { useSaveDialog } from '../../shared/forms/saveDialog';
import { SecretField } from '../../shared/forms/SecretField';
import { SwitchField } from '../../shared/forms/SwitchField';
import { TextAreaField, TextField } from '../../shared/forms/TextField';
import { useAppState } from '../../shared/store';
import { notify } from '../../shared/toast';
import { generalFields } from '../CreateTenantDialog';
import { tenantFieldConventions } from '../fields';
import { HolidaySettings } from './HolidaySettings';
import { TemplateField } from './TemplateField';
import { type AppId, type TenantFormValues, toFormValues, toInput, validateTenant } from './tenantFormValues';
import { type Choices, WorkflowEditor } from './WorkflowEditor';
import { PageTitle } from '../../shared/PageTitle';

const SAVED = 'Änderungen wurden erfolgreich gespeichert.';
const SAVE_ERROR = 'Fehler beim Speichern der Änderungen.';

function ActiveTag({ name }: { name: string }) {
  const { input } = useField<boolean>(name);
  return (
    <Tag intent={input.value ? 'success' : 'none'} minimal>
      {input.value ? 'aktiv' : 'inaktiv'}
    </Tag>
  );
}

/** Whether an application's fields broke a rule on the last save: its panel must then be open to show them. */
function useApplicationFailed(app: AppId): boolean {
  const { submitFailed, errors, submitErrors } = useFormState({ subscription: { submitFailed: true, errors: true, submitErrors: true } });
  const path = `applications.${app}`;
  return Boolean(submitFailed && (getIn(errors ?? {}, path) || getIn(submitErrors ?? {}, path)));
}

function Panel({ title, app, children, extra }: { title: string; app: AppId; children: ReactNode; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const failed = useApplicationFailed(app);
  const isOpen = open || failed;
  return (
    <CollapsibleSection
      title={title}
      isOpen={isOpen}
      onToggle={setOpen}
      compact
      rightElement={
        <>
          {extra}
          <ActiveTag name={`applications.${app}.active`} />
        </>
      }
    >
      <SectionCard>
        <SwitchField name={`applications.${app}.active`} label="Aktiv" />
        <div className="form-grid">{children}</div>
      </SectionCard>
    </CollapsibleSection>
  );
}

/** Both online providers have a test system; payments there are not real. */
function TestModeLabel({ app }: { app: 'giroCockpit' | 'pmPayment' }) {
  const active = useField<boolean>(`applications.${app}.active`).input.value;
  const test = useField<boolean>(`applications.${app}.testMode`).input.value;
  return active && test ? (
    <Tag intent="warning" minimal>
      Testmodus ist aktiv
    </Tag>
  ) : null;
}

function MailSection() {
  const useInstance = useField<boolean>('useInstanceMail').input.value;
  const secretsSet = { password: useField<boolean>('noreplyPasswordSet').input.value, graphClientSecret: useField<boolean>('noreplyGraphClientSecretSet').input.value };
  return (
    <>
      <SwitchField name="useInstanceMail" label="E-Mail-Konfiguration der Instanz verwenden" />
      {!useInstance && <MailSenderFields secretsSet={secretsSet} />}
    </>
  );
}

function TenantForm({ tenant, workflow, choices, testPaymentOffered }: { tenant: TenantEditFieldsFragment; workflow: WorkflowFieldsFragment; choices: Choices; testPaymentOffered: boolean }) {
  // The saved tenant is loaded again before the save counts as done, so the form continues from it.
  const [updateTenant, { loading }] = useMutation(UpdateTenantDocument, { refetchQueries: [TenantEditDocument], awaitRefetchQueries: true });
  const client = useApolloClient();
  const renderMailTemplate = async (template: string) => {
    const { data } = await client.query({ query: TenantMailTemplatePreviewDocument, variables: { tenantId: tenant.id, template }, fetchPolicy: 'no-cache' });
    return data?.tenantMailTemplatePreview ?? '';
  };
  // The same tenant loaded again (after a save) gives equal values: the form stays as it is.
  const initialValues = useMemo(() => toFormValues(tenant, workflow, testPaymentOffered), [tenant, workflow, testPaymentOffered]);
  const secret = (set: boolean | null | undefined) => set;

  const saving = useSaveDialog<TenantFormValues>({
    save: (values) => {
      const { input, workflow: workflowInput } = toInput(values);
      return updateTenant({ variables: { id: tenant.id, input, workflow: workflowInput } });
    },
    saved: { title: 'Gespeichert', message: SAVED },
    failed: () => notify({ type: 'danger', title: 'Fehler', message: SAVE_ERROR }),
  });

  return (
    <Form<TenantFormValues>
      onSubmit={saving.submit}
      initialValues={initialValues}
      initialValuesEqual={(a, b) => JSON.stringify(a) === JSON.stringify(b)}
      validate={validateTenant}
      decorators={saving.decorators}
    >
      {({ handleSubmit, values }) => (
        <FieldConventionsProvider conventions={tenantFieldConventions}>
          <form onSubmit={handleSubmit} noValidate className="tenant-edit" ref={saving.formRef}>
            <Section title="Allgemein" icon="office" elevation={1}>
              <SectionCard>
                <FormGroup label="ID" labelFor="tenant-id">
                  <InputGroup id="tenant-id" value={tenant.id} readOnly disabled fill />
                </FormGroup>
                <div className="form-grid">
                  {generalFields.map((field) => (
                    <TextField key={field.name} name={field.name} label={field.label} type={'type' in field ? field.type : 'text'} />
                  ))}
                </div>
              </SectionCard>
            </Section>

            <Section title="Web-Oberfläche" icon="globe-network" elevation={1}>
              <SectionCard>
                <TenantPublicLinks tenantId={tenant.id} />
                <TextField name="bookableDetailLink" label="Link zur Detailseite eines Buchungsobjekts" type="url" helperText='An den Link wird "?bkid=[ID]" angehängt.' />
                <TextField name="eventDetailLink" label="Link zur Detailseite einer Veranstaltung" type="url" helperText='An den Link wird "?bkid=[ID]" angehängt.' />
              </SectionCard>
            </Section>

            <Section title="Datenschutz" icon="shield" elevation={1}>
              <SectionCard>
                <TextAreaField
                  name="privacyNotice"
                  label="Datenschutzhinweis"
                  optional
                  rows={4}
                  hint="Kurzer Hinweis in einfachem Text, höchstens 2000 Zeichen. Er steht auf der Buchungsseite neben der Schaltfläche zum Buchen und am Ende der E-Mails an Buchende. Leer: kein Hinweis."
                />
                <TextField
                  name="privacyPolicyLink"
                  label="Link zur Datenschutzerklärung"
                  type="url"
                  optional
                  placeholder="https://www.beispiel.de/datenschutz"
                  helperText='Vollständige https-Adresse. Die Buchungsseite verlinkt sie als "Datenschutzerklärung" (öffnet in neuem Tab), die E-Mails an Buchende ebenso. Leer: kein Link.'
                />
                <NumberField
                  name="retentionMonths"
                  label="Kundendaten abgeschlossener Buchungen aufbewahren (Monate)"
                  helperText="1 bis 120 Monate. Danach werden Name, Anschrift, E-Mail, Telefon und Kommentar abgeschlossener Buchungen täglich anonymisiert; für Buchungen mit Beleg bleiben Name und Anschrift bis zum Ende der Aufbewahrungspflicht (10 Jahre, § 147 AO)."
                />
              </SectionCard>
            </Section>

            <Section title="E-Mail-Konfiguration" icon="envelope" elevation={1}>
              <SectionCard>
                <MailSection />
                <MailTemplateField name="genericMailTemplate" label="E-Mail-Vorlage des Mandanten" render={renderMailTemplate} />
              </SectionCard>
            </Section>

            <Section title="Zahlungsbeleg" icon="document" elevation={1}>
              <SectionCard>
                <div className="form-grid">
                  <TemplateField tenantId={tenant.id} name="receiptTemplate" title="Zahlungsbeleg-Vorlage" />
                  <TextField name="receiptNumberPrefix" label="Präfix der Belegnummer" />
                  <TemplateField tenantId={tenant.id} name="invoiceTemplate" title="Rechnungsvorlage" />
                  <TextField name="invoiceNumberPrefix" label="Präfix der Rechnungsnummer" />
                </div>
              </SectionCard>
            </Section>

            <Section title="Zahlungsmethoden" icon="credit-card" elevation={1}>
              <SectionCard>
                <TextField name="paymentPurposeSuffix" label="Verwendungszweck-Suffix" leftElement={<span className="purpose-prefix">[Buchungsnummer] - </span>} helperText="Maximal 12 Zeichen." />
                <TextField name="taxId" label="Steuernummer oder USt-IdNr." helperText="Steht auf jeder Rechnung und jedem Zahlungsbeleg, z. B. 12/345/67890 oder DE123456789." />
                <Panel title="Online-Zahlung (giroCockpit)" app="giroCockpit" extra={<TestModeLabel app="giroCockpit" />}>
                  <TextField name="applications.giroCockpit.paymentMerchantId" label="Kundennummer" />
                  <TextField name="applications.giroCockpit.paymentProjectId" label="Projektnummer" />
                  <SecretField name="applications.giroCockpit.paymentSecret" label="Schlüssel" isSet={secret(tenant.applications?.find((a) => a.id === 'giroCockpit')?.paymentSecretSet)} />
                  <TextField name="applications.giroCockpit.paymentPurposeSuffix" label="Verwendungszweck-Suffix (giroCockpit)" />
                  <SwitchField name="applications.giroCockpit.testMode" label="Testmodus (giroCockpit)" />
                </Panel>
                <Panel title="Online-Zahlung (pmPayment)" app="pmPayment" extra={<TestModeLabel app="pmPayment" />}>
                  <TextField name="applications.pmPayment.paymentMerchantId" label="Amtlicher Gemeindeschlüssel" />
                  <TextField name="applications.pmPayment.paymentProjectId" label="Verfahren" />
                  <SecretField name="applications.pmPayment.paymentSecret" label="Salt-Passwort" isSet={secret(tenant.applications?.find((a) => a.id === 'pmPayment')?.paymentSecretSet)} />
                  <TextField name="applications.pmPayment.paymentPurposeSuffix" label="Verwendungszweck-Suffix (pmPayment)" />
                  <SwitchField name="applications.pmPayment.testMode" label="Testmodus" />
                </Panel>
                <Panel title="Rechnung" app="invoice">
                  <TextField name="applications.invoice.bank" label="Bank" />
                  <TextField name="applications.invoice.iban" label="IBAN" />
                  <TextField name="applications.invoice.bic" label="BIC" />
                  <TextField name="applications.invoice.accountHolder" label="Kontoinhaber" />
                  <NumberField name="applications.invoice.daysUntilPaymentDue" label="Zahlungsziel in Tagen" />
                </Panel>
                {testPaymentOffered ? (
                  <Panel title="Testzahlung (nur Entwicklung)" app="testPayment">
                    <p className="bp6-text-muted">Eine Bezahlseite dieses Systems statt eines echten Zahlungsanbieters: Es fließt kein Geld. Der Schlüssel wird automatisch erzeugt. Im Produktivbetrieb nicht verfügbar.</p>
                    <TextField name="applications.testPayment.paymentPurposeSuffix" label="Verwendungszweck-Suffix (Testzahlung)" />
                  </Panel>
                ) : null}
              </SectionCard>
            </Section>

            <Section title="Schließsysteme" icon="lock" elevation={1}>
              <SectionCard>
                <Panel title="Pareva" app="pareva">
                  <TextField name="applications.pareva.serverUrl" label="Server-URL" type="url" />
                  <SecretField name="applications.pareva.apiKey" label="API-Schlüssel (Pareva)" isSet={secret(tenant.applications?.find((a) => a.id === 'pareva')?.apiKeySet)} />
                  <TextField name="applications.pareva.lockerId" label="Schließfach-ID" />
                  <TextField name="applications.pareva.user" label="Benutzer (Pareva)" />
                  <SecretField name="applications.pareva.password" label="Passwort (Pareva)" isSet={secret(tenant.applications?.find((a) => a.id === 'pareva')?.passwordSet)} />
                </Panel>
              </SectionCard>
            </Section>

            <Section title="Buchungskonfiguration" icon="calendar" elevation={1}>
              <SectionCard>
                <NumberField name="maxBookingAdvanceInMonths" label="Maximale Vorausbuchung in Monaten" helperText="Leer lassen für keine Begrenzung." />
                <NumberField
                  name="bookingHorizonDays"
                  label="Buchungshorizont (Tage im Voraus)"
                  helperText="Buchungen zeitgebundener Objekte enden höchstens so viele Tage in der Zukunft; gilt auch für Mitarbeitende."
                />
                <NumberField
                  name="maxBookingDays"
                  label="Höchste Buchungsdauer (Tage)"
                  helperText="Länger nur, wenn die höchste Buchungsdauer des Objekts selbst länger ist."
                />
                <SwitchField name="enablePublicStatusView" label="Öffentliche Abfrage des Buchungsstatus" />
              </SectionCard>
            </Section>

            <Section title="Feiertage und Schulferien" icon="airplane" elevation={1}>
              <SectionCard>
                <HolidaySettings />
              </SectionCard>
            </Section>

            <Section title="Veranstaltungen" icon="timeline-events" elevation={1}>
              <SectionCard>
                <SwitchField name="simpleEventMode" label="Einfacher Veranstaltungsmodus" />
                <p className="bp6-text-muted">Der detaillierte Modus bleibt über die Schaltfläche zum Anlegen einer Veranstaltung erreichbar.</p>
              </SectionCard>
            </Section>

            <Section title="Workflow" icon="flows" elevation={1}>
              <SectionCard>
                <WorkflowEditor choices={choices} />
              </SectionCard>
            </Section>
            <SaveBar>
              <Button type="submit" intent="primary" size="large" icon="floppy-disk" text="Speichern" loading={loading} disabled={!values} />
            </SaveBar>
          </form>
        </FieldConventionsProvider>
      )}
    </Form>
  );
}

/** /admin/mandanten: the tenant edit screen for the current tenant (or ?id=). */
export default function TenantEditPage() {
  const [params] = useSearchParams();
  const currentTenantId = useAppState((state) => state.currentTenantId);
  const id = params.get('id') ?? currentTenantId;
  const { data, error } = useQuery(TenantEditDocument, { variables: { id: id ?? '' }, skip: !id, fetchPolicy: 'network-only' });
  const members = useQuery(TenantMembersDocument, { variables: { tenantId: id ?? '' }, skip: !id });
  if (error) console.error('Mandant konnte nicht geladen werden', error);

  const list = members.data?.tenantMembers;
  const choices: Choices = {
    users: [...new Set([...(list?.users.map((user) => user.userId) ?? []), ...(list?.owner ?? [])])].sort(),
    roles: list?.roles ?? [],
  };

  return (
    <section className="admin-page">
      <div className="tenant-edit-heading">
        <PageTitle>Mandant verwalten</PageTitle>
        {/* The screen is open to the tenant's owners only, the ones who may read its change log. */}
        {data && (
          <Link className="bp6-button bp6-minimal" to={`/admin/mandanten/protokoll?id=${encodeURIComponent(data.tenant.id)}`}>
            <Icon icon="history" />
            <span className="bp6-button-text">Änderungsprotokoll</span>
          </Link>
        )}
      </div>
      {!id ? (
        <NonIdealState icon="office" title="Kein Mandant ausgewählt" />
      ) : !data ? (
        error ? <NonIdealState icon="error" title="Keine Daten vorhanden" /> : <Spinner aria-label="Daten werden geladen..." />
      ) : (
        // Loading again after a save keeps the form on screen: taking it down would lose the scroll position.
        <TenantForm key={`${data.tenant.id}`} tenant={data.tenant} workflow={data.workflow} choices={choices} testPaymentOffered={data.testPaymentOffered} />
      )}
    </section>
  );
}
