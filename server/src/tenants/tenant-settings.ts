import { senderSettingKinds } from '../mail/mail-sender.js';
import { fieldsOfKind } from '../shared/setting-kinds.js';

/**
 * Every setting of a tenant but its applications, once, in the order the editor and the change log
 * list them. The input accepts the text, boolean, number and list fields; secrets are written only
 * through their own inputs (and the change log shows them only as changed).
 */
export const tenantSettingKinds = {
  name: 'text',
  contactName: 'text',
  location: 'text',
  mail: 'text',
  phone: 'text',
  website: 'text',
  bookableDetailLink: 'text',
  eventDetailLink: 'text',
  privacyNotice: 'text',
  privacyPolicyLink: 'text',
  defaultEventCreationMode: 'text',
  enablePublicStatusView: 'boolean',
  useInstanceMail: 'boolean',
  genericMailTemplate: 'text',
  ...senderSettingKinds,
  receiptTemplate: 'text',
  receiptNumberPrefix: 'text',
  invoiceTemplate: 'text',
  invoiceNumberPrefix: 'text',
  paymentPurposeSuffix: 'text',
  taxId: 'text',
  holidayRegion: 'text',
  schoolHolidays: 'list',
  maxBookingAdvanceInMonths: 'number',
  bookingHorizonDays: 'number',
  maxBookingDays: 'number',
  retentionMonths: 'number',
} as const;

/** All of them, secrets included: the change log compares them and hides the secrets. */
export const tenantSettingsFields = Object.keys(tenantSettingKinds) as (keyof typeof tenantSettingKinds)[];
export const tenantTextFields = fieldsOfKind(tenantSettingKinds, 'text');
export const tenantBooleanFields = fieldsOfKind(tenantSettingKinds, 'boolean');
export const tenantNumberFields = fieldsOfKind(tenantSettingKinds, 'number');
export const tenantSecretFields = fieldsOfKind(tenantSettingKinds, 'secret');
export const tenantListFields = fieldsOfKind(tenantSettingKinds, 'list');
