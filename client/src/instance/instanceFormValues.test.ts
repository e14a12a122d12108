import { describe, expect, it } from 'vitest';
import type { InstanceSettingsFieldsFragment } from '../gql/graphql';
import { optionalEmail, optionalUrl, toFormValues, toInput, validateForm, wholeNumber } from './instanceFormValues';

const settings: InstanceSettingsFieldsFragment = {
  contactAddress: 'Rathausplatz 1',
  contactUrl: 'https://musterstadt.de',
  dataProtectionUrl: '',
  legalNoticeUrl: '',
  mailAddress: 'it@musterstadt.de',
  mailEnabled: true,
  useOwnMailServer: false,
  mailTemplate: '',
  noreplyMail: '',
  noreplyDisplayName: '',
  noreplyHost: '',
  noreplyPort: null,
  noreplyUser: '',
  noreplyPasswordSet: false,
  noreplyStarttls: true,
  noreplyUseGraphApi: false,
  noreplyGraphTenantId: '',
  noreplyGraphClientId: '',
  noreplyGraphClientSecretSet: false,
  ownerUserIds: ['owner@musterstadt.de'],
  allowAllUsersToCreateTenant: false,
  allowedUsersToCreateTenant: [],
  maxTenants: 5,
  maxBookables: null,
  maxEvents: 0,
  sso: {
    active: false,
    serverUrl: '',
    realm: '',
    publicClient: '',
    privateClient: '',
    privateClientSecretSet: true,
    roleMapping: { active: true, roles: [{ tenantId: 'bad-musterstadt', keycloakRole: 'staff', tenantRoleId: 'mitarbeiter' }] },
  },
};

describe('instance form values', () => {
  it('show numbers as text, none as empty, and secrets as empty fields', () => {
    const values = toFormValues(settings);
    expect(values).toMatchObject({ maxTenants: '5', maxBookables: '', maxEvents: '0', noreplyPort: '', noreplyPassword: '', noreplyGraphClientSecret: '' });
    expect(values.sso.privateClientSecret).toBe('');
    expect(values.sso.roleMapping.roles).toEqual(settings.sso.roleMapping.roles);
  });

  it('send numbers as numbers, empty as none, and keep stored secrets when nothing was typed', () => {
    const values = toFormValues(settings);
    values.noreplyPort = ' 587 ';
    const input = toInput(values);
    expect(input).toMatchObject({ noreplyPort: 587, maxTenants: 5, maxBookables: null, maxEvents: 0 });
    expect(input.noreplyPassword).toBeUndefined();
    expect(input.noreplyGraphClientSecret).toBeUndefined();
    expect(input.sso?.privateClientSecret).toBeUndefined();
  });

  it('send a typed secret', () => {
    const values = toFormValues(settings);
    values.noreplyPassword = 'geheim';
    values.sso.privateClientSecret = 'client-geheim';
    const input = toInput(values);
    expect(input.noreplyPassword).toBe('geheim');
    expect(input.sso?.privateClientSecret).toBe('client-geheim');
  });

  it('pass the loaded settings', () => {
    expect(validateForm(toFormValues(settings), settings)).toEqual({});
  });

  it('require a complete SMTP server when the own mail server is used, a stored password counting as given', () => {
    const values = { ...toFormValues(settings), useOwnMailServer: true };
    expect(validateForm(values, settings)).toEqual({
      noreplyMail: 'Pflichtfeld',
      noreplyDisplayName: 'Pflichtfeld',
      noreplyHost: 'Pflichtfeld',
      noreplyPort: 'Pflichtfeld',
      noreplyUser: 'Pflichtfeld',
      noreplyPassword: 'Pflichtfeld',
    });
    expect(validateForm(values, { ...settings, noreplyPasswordSet: true })).not.toHaveProperty('noreplyPassword');
  });

  it('require the Graph fields instead when Graph sends the mail', () => {
    const values = { ...toFormValues(settings), useOwnMailServer: true, noreplyUseGraphApi: true, noreplyMail: 'noreply@musterstadt.de', noreplyDisplayName: 'Musterstadt' };
    expect(validateForm(values, settings)).toEqual({ noreplyGraphTenantId: 'Pflichtfeld', noreplyGraphClientId: 'Pflichtfeld', noreplyGraphClientSecret: 'Pflichtfeld' });
  });

  it('require server and public client for single sign-on, nested as the form reads them', () => {
    const values = toFormValues(settings);
    values.sso.active = true;
    expect(validateForm(values, settings)).toEqual({ sso: { serverUrl: 'Pflichtfeld', publicClient: 'Pflichtfeld' } });
  });

  it('require at least one owner', () => {
    expect(validateForm({ ...toFormValues(settings), ownerUserIds: [] }, settings)).toEqual({ ownerUserIds: 'Die Instanz braucht mindestens einen Besitzer.' });
  });

  it('accept empty or well-formed mail addresses, http(s) links and whole numbers only', () => {
    const all = {};
    expect(optionalEmail('', all)).toBeUndefined();
    expect(optionalEmail('a@b.de', all)).toBeUndefined();
    expect(optionalEmail('a@b', all)).toBe('Muss gültige E-Mail-Adresse sein.');
    expect(optionalUrl('https://musterstadt.de', all)).toBeUndefined();
    expect(optionalUrl('ftp://musterstadt.de', all)).toBe('Ungültige URL.');
    expect(optionalUrl('kein Link', all)).toBe('Ungültige URL.');
    expect(wholeNumber('12', all)).toBeUndefined();
    expect(wholeNumber('1,5', all)).toBe('Muss eine ganze Zahl sein.');
  });
});
