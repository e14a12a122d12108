import { describe, expect, it } from 'vitest';
import { tenantMessages } from '../../../../common/tenants/tenant.validation';
import type { TenantEditFieldsFragment, WorkflowFieldsFragment } from '../../gql/graphql';
import { toFormValues, toInput, validateTenant } from './tenantFormValues';

const tenant: TenantEditFieldsFragment = {
  id: 'bad-musterstadt',
  name: 'Musterstadt',
  contactName: 'Erika Muster',
  location: 'Musterstadt',
  mail: 'info@musterstadt.de',
  phone: '0123 456',
  website: 'https://musterstadt.de',
  bookableDetailLink: '',
  eventDetailLink: '',
  privacyNotice: 'Wir verarbeiten Ihre Angaben nur für die Buchung.',
  privacyPolicyLink: 'https://musterstadt.de/datenschutz',
  defaultEventCreationMode: 'simple',
  enablePublicStatusView: true,
  useInstanceMail: false,
  genericMailTemplate: null,
  noreplyMail: 'noreply@musterstadt.de',
  noreplyDisplayName: 'Musterstadt',
  noreplyHost: 'smtp.musterstadt.de',
  noreplyPort: 587,
  noreplyUser: 'noreply',
  noreplyPasswordSet: true,
  noreplyStarttls: true,
  noreplyUseGraphApi: false,
  noreplyGraphTenantId: null,
  noreplyGraphClientId: null,
  noreplyGraphClientSecretSet: false,
  receiptTemplate: null,
  receiptNumberPrefix: 'B-',
  invoiceTemplate: null,
  invoiceNumberPrefix: null,
  taxId: null,
  paymentPurposeSuffix: 'Stadt',
  holidayRegion: 'DE-BE',
  schoolHolidays: [{ title: 'Herbstferien', from: '2027-10-11', to: '2027-10-23' }],
  maxBookingAdvanceInMonths: null,
  bookingHorizonDays: 730,
  maxBookingDays: 31,
  retentionMonths: 12,
  applications: [
    {
      id: 'giroCockpit',
      type: 'payment',
      title: 'Online-Zahlung',
      active: true,
      paymentMerchantId: '123',
      paymentProjectId: '456',
      paymentSecretSet: true,
      paymentMode: 'test',
      paymentPurposeSuffix: 'giro',
      bank: null,
      iban: null,
      bic: null,
      accountHolder: null,
      daysUntilPaymentDue: null,
      serverUrl: null,
      apiKeySet: null,
      lockerId: null,
      user: null,
      passwordSet: null,
    },
  ],
};

const workflow: WorkflowFieldsFragment = {
  id: 'workflow-1',
  tenantId: 'bad-musterstadt',
  name: 'Freigabe',
  description: '',
  active: true,
  defaultState: 'neu',
  states: [{ id: 'neu', name: 'Neu', actions: [{ type: 'email', receiverType: 'role', sendTo: ['verwaltung'], bookingStatus: [] }] }],
};

describe('tenant form values', () => {
  it('start with empty secrets, the event mode as a switch and every application, configured or not', () => {
    const values = toFormValues(tenant, workflow, false);
    expect(values.noreplyPassword).toBe('');
    expect(values.noreplyGraphClientSecret).toBe('');
    expect(values.simpleEventMode).toBe(true);
    expect(Object.keys(values.applications)).toEqual(['giroCockpit', 'pmPayment', 'invoice', 'testPayment', 'pareva']);
    expect(values.applications.giroCockpit).toMatchObject({ active: true, paymentMerchantId: '123', paymentSecret: '', testMode: true });
    expect(values.applications.pmPayment).toMatchObject({ active: false, paymentMerchantId: '', testMode: false });
    expect(values.workflow.states[0].actions[0]).toEqual({ type: 'email', receiverType: 'role', sendTo: ['verwaltung'], bookingStatus: [] });
  });

  it('send a secret only when one was typed', () => {
    const untouched = toInput(toFormValues(tenant, workflow, false)).input;
    expect(untouched).not.toHaveProperty('noreplyPassword');
    expect(untouched.applications?.find((application) => application.id === 'giroCockpit')).not.toHaveProperty('paymentSecret');

    const values = toFormValues(tenant, workflow, false);
    values.noreplyPassword = 'neu';
    values.applications.giroCockpit.paymentSecret = 'geheim';
    const typed = toInput(values).input;
    expect(typed.noreplyPassword).toBe('neu');
    expect(typed.applications?.find((application) => application.id === 'giroCockpit')?.paymentSecret).toBe('geheim');
  });

  it('send the event mode, the payment mode and empty text for missing text', () => {
    const values = toFormValues(tenant, workflow, false);
    values.simpleEventMode = false;
    const { input } = toInput(values);
    expect(input.defaultEventCreationMode).toBe('detailed');
    expect(input.noreplyGraphTenantId).toBe('');
    expect(input.invoiceNumberPrefix).toBe('');
    expect(input.applications?.find((application) => application.id === 'giroCockpit')?.paymentMode).toBe('test');
    expect(input.applications?.find((application) => application.id === 'pmPayment')?.paymentMode).toBe('prod');
  });

  it('send the privacy notice and the link to the privacy statement as edited', () => {
    const values = toFormValues(tenant, workflow, false);
    expect(toInput(values).input).toMatchObject({ privacyNotice: 'Wir verarbeiten Ihre Angaben nur für die Buchung.', privacyPolicyLink: 'https://musterstadt.de/datenschutz' });
    values.privacyNotice = '';
    values.privacyPolicyLink = '';
    expect(toInput(values).input).toMatchObject({ privacyNotice: '', privacyPolicyLink: '' });
  });

  it('refuse a privacy link that is not an https address, in German', () => {
    const values = toFormValues(tenant, workflow, false);
    values.privacyPolicyLink = 'http://musterstadt.de/datenschutz';
    expect(validateTenant(values)).toEqual({ privacyPolicyLink: 'Ungültige URL: Bitte eine vollständige https-Adresse angeben.' });
  });

  it('send the Bundesland and the school holidays as edited, none as empty', () => {
    const values = toFormValues(tenant, workflow, false);
    expect(toInput(values).input).toMatchObject({ holidayRegion: 'DE-BE', schoolHolidays: [{ title: 'Herbstferien', from: '2027-10-11', to: '2027-10-23' }] });
    const none = toFormValues({ ...tenant, holidayRegion: null, schoolHolidays: null }, workflow, false);
    expect(toInput(none).input).toMatchObject({ holidayRegion: '', schoolHolidays: [] });
  });

  it('refuse school holidays that end before they begin or lack a title, per field and in German', () => {
    const values = toFormValues(tenant, workflow, false);
    values.schoolHolidays = [
      { title: 'Herbstferien', from: '2027-10-23', to: '2027-10-11' },
      { title: '', from: '2027-12-23', to: '2028-01-02' },
    ];
    expect(validateTenant(values)).toEqual({ schoolHolidays: [{ to: tenantMessages.schoolHolidayOrder }, { title: tenantMessages.required }] });
  });

  it('save the test provider only where the instance offers it', () => {
    const ids = (offered: boolean) => toInput(toFormValues(tenant, workflow, offered)).input.applications?.map((application) => application.id);
    expect(ids(false)).toEqual(['giroCockpit', 'pmPayment', 'invoice', 'pareva']);
    expect(ids(true)).toEqual(['giroCockpit', 'pmPayment', 'invoice', 'testPayment', 'pareva']);
  });

  it('send the workflow as edited', () => {
    const { workflow: sent } = toInput(toFormValues(tenant, workflow, false));
    expect(sent).toEqual({ name: 'Freigabe', description: '', active: true, defaultState: 'neu', states: workflow.states });
  });

  it('pass the loaded tenant', () => {
    expect(validateTenant(toFormValues(tenant, workflow, false))).toEqual({});
  });

  it('report the shared tenant rules nested by field, application fields included', () => {
    const values = toFormValues(tenant, workflow, false);
    values.name = ' ';
    values.mail = 'keine-adresse';
    values.noreplyPort = 70000;
    values.applications.giroCockpit.paymentPurposeSuffix = 'viel zu lang für ein Suffix';
    expect(validateTenant(values)).toEqual({
      name: tenantMessages.required,
      mail: tenantMessages.mail,
      noreplyPort: tenantMessages.port,
      applications: { giroCockpit: { paymentPurposeSuffix: tenantMessages.suffix } },
    });
  });
});
