import { type SchoolHoliday, tenantFieldErrors } from '../../../../common/tenants/tenant.validation';
import type { TenantEditFieldsFragment, TenantInput, WorkflowFieldsFragment, WorkflowInput } from '../../gql/graphql';
import { mailSenderInput, unchangedMailSecrets } from '../../shared/forms/mailSender';
import { nestFieldErrors } from '../../shared/forms/serverErrors';
import type { WorkflowValue } from './WorkflowEditor';

/**
 * The tenant edit screen's form values: taken from the loaded tenant, turned into the mutation's
 * input, and checked against the tenant rules the server enforces.
 */

type Application = NonNullable<TenantEditFieldsFragment['applications']>[number];
export interface AppValues {
  active: boolean;
  paymentMerchantId: string;
  paymentProjectId: string;
  paymentSecret: string;
  paymentPurposeSuffix: string;
  testMode: boolean;
  bank: string;
  iban: string;
  bic: string;
  accountHolder: string;
  daysUntilPaymentDue: number | null;
  serverUrl: string;
  apiKey: string;
  lockerId: string;
  user: string;
  password: string;
}
export type AppId = 'giroCockpit' | 'pmPayment' | 'invoice' | 'testPayment' | 'pareva';
export const appIds: AppId[] = ['giroCockpit', 'pmPayment', 'invoice', 'testPayment', 'pareva'];

export type TenantFormValues = Omit<TenantEditFieldsFragment, 'applications' | 'holidayRegion' | 'schoolHolidays'> & {
  /** A Bundesland code like DE-BE; '' for none. */
  holidayRegion: string;
  schoolHolidays: SchoolHoliday[];
  noreplyPassword: string;
  noreplyGraphClientSecret: string;
  simpleEventMode: boolean;
  applications: Record<AppId, AppValues>;
  workflow: WorkflowValue;
  /** Whether the instance offers the built-in test provider (never in production): only then is it shown and saved. */
  testPaymentOffered: boolean;
};

/** A new school holiday period, to be filled in. */
export const emptySchoolHoliday = (): SchoolHoliday => ({ title: '', from: '', to: '' });

function appValues(application: Application | undefined): AppValues {
  return {
    active: application?.active ?? false,
    paymentMerchantId: application?.paymentMerchantId ?? '',
    paymentProjectId: application?.paymentProjectId ?? '',
    paymentSecret: '',
    paymentPurposeSuffix: application?.paymentPurposeSuffix ?? '',
    testMode: application?.paymentMode === 'test',
    bank: application?.bank ?? '',
    iban: application?.iban ?? '',
    bic: application?.bic ?? '',
    accountHolder: application?.accountHolder ?? '',
    daysUntilPaymentDue: application?.daysUntilPaymentDue ?? null,
    serverUrl: application?.serverUrl ?? '',
    apiKey: '',
    lockerId: application?.lockerId ?? '',
    user: application?.user ?? '',
    password: '',
  };
}

export function toFormValues(tenant: TenantEditFieldsFragment, workflow: WorkflowFieldsFragment, testPaymentOffered: boolean): TenantFormValues {
  const { applications, holidayRegion, schoolHolidays, ...fields } = tenant;
  return {
    ...fields,
    holidayRegion: holidayRegion ?? '',
    schoolHolidays: (schoolHolidays ?? []).map(({ title, from, to }) => ({ title, from, to })),
    ...unchangedMailSecrets,
    simpleEventMode: tenant.defaultEventCreationMode === 'simple',
    applications: Object.fromEntries(appIds.map((id) => [id, appValues(applications?.find((application) => application.id === id))])) as Record<AppId, AppValues>,
    testPaymentOffered,
    workflow: {
      id: workflow.id ?? null,
      name: workflow.name,
      description: workflow.description,
      active: workflow.active,
      defaultState: workflow.defaultState,
      states: workflow.states.map((state) => ({
        id: state.id,
        name: state.name,
        actions: state.actions.map((action) => ({
          type: action.type as 'email' | 'bookingStatus',
          receiverType: (action.receiverType ?? null) as 'user' | 'role' | null,
          sendTo: action.sendTo,
          bookingStatus: action.bookingStatus,
        })),
      })),
    },
  };
}

/** The mutation's input: secrets only when typed, the three payment applications always merged. */
export function toInput(values: TenantFormValues): { input: TenantInput; workflow: WorkflowInput } {
  const text = (value: string | null | undefined) => value ?? '';
  const app = (id: AppId) => values.applications[id];
  const payment = (id: 'giroCockpit' | 'pmPayment') => ({
    id,
    active: app(id).active,
    paymentMerchantId: app(id).paymentMerchantId,
    paymentProjectId: app(id).paymentProjectId,
    paymentPurposeSuffix: app(id).paymentPurposeSuffix,
    ...(app(id).paymentSecret ? { paymentSecret: app(id).paymentSecret } : {}),
  });
  const input: TenantInput = {
    name: values.name,
    contactName: values.contactName,
    location: values.location,
    mail: values.mail,
    phone: values.phone,
    website: values.website,
    bookableDetailLink: values.bookableDetailLink,
    eventDetailLink: values.eventDetailLink,
    privacyNotice: values.privacyNotice,
    privacyPolicyLink: values.privacyPolicyLink,
    defaultEventCreationMode: values.simpleEventMode ? 'simple' : 'detailed',
    enablePublicStatusView: values.enablePublicStatusView,
    useInstanceMail: values.useInstanceMail,
    genericMailTemplate: values.genericMailTemplate ?? '',
    ...mailSenderInput(values, values.noreplyPort ?? null),
    receiptTemplate: text(values.receiptTemplate),
    receiptNumberPrefix: text(values.receiptNumberPrefix),
    invoiceTemplate: text(values.invoiceTemplate),
    invoiceNumberPrefix: text(values.invoiceNumberPrefix),
    paymentPurposeSuffix: text(values.paymentPurposeSuffix),
    taxId: text(values.taxId),
    holidayRegion: values.holidayRegion,
    schoolHolidays: values.schoolHolidays.map(({ title, from, to }) => ({ title: title ?? '', from: from ?? '', to: to ?? '' })),
    maxBookingAdvanceInMonths: values.maxBookingAdvanceInMonths ?? null,
    bookingHorizonDays: values.bookingHorizonDays ?? null,
    maxBookingDays: values.maxBookingDays ?? null,
    retentionMonths: values.retentionMonths ?? null,
    applications: [
      { ...payment('giroCockpit'), paymentMode: app('giroCockpit').testMode ? 'test' : 'prod' },
      { ...payment('pmPayment'), paymentMode: app('pmPayment').testMode ? 'test' : 'prod' },
      {
        id: 'invoice',
        active: app('invoice').active,
        bank: app('invoice').bank,
        iban: app('invoice').iban,
        bic: app('invoice').bic,
        accountHolder: app('invoice').accountHolder,
        daysUntilPaymentDue: app('invoice').daysUntilPaymentDue,
      },
      ...(values.testPaymentOffered ? [{ id: 'testPayment', active: app('testPayment').active, paymentPurposeSuffix: app('testPayment').paymentPurposeSuffix }] : []),
      {
        id: 'pareva',
        active: app('pareva').active,
        serverUrl: app('pareva').serverUrl,
        lockerId: app('pareva').lockerId,
        user: app('pareva').user,
        ...(app('pareva').apiKey ? { apiKey: app('pareva').apiKey } : {}),
        ...(app('pareva').password ? { password: app('pareva').password } : {}),
      },
    ],
  };
  const { workflow } = values;
  return {
    input,
    workflow: {
      name: workflow.name,
      description: workflow.description,
      active: workflow.active,
      defaultState: workflow.defaultState,
      states: workflow.states.map((state) => ({
        id: state.id,
        name: state.name,
        actions: state.actions.map((action) => ({ type: action.type, receiverType: action.receiverType, sendTo: action.sendTo, bookingStatus: action.bookingStatus })),
      })),
    },
  };
}

/** The tenant rules on what would be sent, nested as react-final-form reads them. */
export function validateTenant(values: TenantFormValues): Record<string, unknown> {
  const { input } = toInput(values);
  const errors = tenantFieldErrors({ ...input, applications: input.applications?.map((application) => ({ ...application, id: String(application.id) })) });
  return nestFieldErrors(errors) ?? {};
}

