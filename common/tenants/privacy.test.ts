import { describe, expect, it } from 'vitest';
import { privacyFooterText, shownPrivacy } from './privacy.js';
import { tenantFieldErrors, tenantMessages } from './tenant.validation.js';

const valid = { name: 'Stadt', contactName: 'Erika', location: 'Rathaus', mail: 'info@stadt.example', phone: '0123', website: 'https://stadt.example' };

describe('what is shown of the privacy settings', () => {
  it('nothing when neither is set or both are blank', () => {
    expect(shownPrivacy({})).toBeNull();
    expect(shownPrivacy(null)).toBeNull();
    expect(shownPrivacy({ privacyNotice: '  \n', privacyPolicyLink: ' ' })).toBeNull();
    expect(privacyFooterText({ privacyNotice: '', privacyPolicyLink: '' })).toBe('');
  });

  it('the notice and the link trimmed, each on its own', () => {
    expect(shownPrivacy({ privacyNotice: ' Hinweis ', privacyPolicyLink: '' })).toEqual({ notice: 'Hinweis', link: '' });
    expect(shownPrivacy({ privacyPolicyLink: ' https://stadt.example/datenschutz ' })).toEqual({ notice: '', link: 'https://stadt.example/datenschutz' });
  });

  it('the plain-text footer: the notice, then the labelled link', () => {
    expect(privacyFooterText({ privacyNotice: 'Hinweis', privacyPolicyLink: 'https://stadt.example/ds' })).toBe('Hinweis\nDatenschutzerklärung: https://stadt.example/ds');
    expect(privacyFooterText({ privacyPolicyLink: 'https://stadt.example/ds' })).toBe('Datenschutzerklärung: https://stadt.example/ds');
  });
});

describe('the tenant rules for the privacy settings', () => {
  it('accept an https link, an empty link and a notice of the maximum length', () => {
    expect(tenantFieldErrors({ ...valid, privacyPolicyLink: 'https://stadt.example/datenschutz', privacyNotice: 'x'.repeat(2000) })).toEqual({});
    expect(tenantFieldErrors({ ...valid, privacyPolicyLink: '', privacyNotice: '' })).toEqual({});
  });

  it.each(['http://stadt.example/datenschutz', 'stadt.example/datenschutz', 'javascript:alert(1)', '/api/files/datenschutz.pdf', 'https://'])('refuse the link %s with the German message', (link) => {
    expect(tenantFieldErrors({ ...valid, privacyPolicyLink: link })).toEqual({ privacyPolicyLink: tenantMessages.httpsLink });
  });

  it('refuse a notice longer than 2000 characters', () => {
    expect(tenantFieldErrors({ ...valid, privacyNotice: 'x'.repeat(2001) })).toEqual({ privacyNotice: 'Maximal 2000 Zeichen erlaubt.' });
  });
});

describe('the retention months', () => {
  it('accept 1 to 120 whole months; keep the stored value when absent', () => {
    for (const months of [1, 12, 120, '24']) expect(tenantFieldErrors({ ...valid, retentionMonths: months })).toEqual({});
    expect(tenantFieldErrors({ ...valid })).toEqual({});
  });

  it.each([0, 121, 1.5, -3, '', null, 'zwölf'])('refuse %s with the German message', (months) => {
    expect(tenantFieldErrors({ ...valid, retentionMonths: months })).toEqual({ retentionMonths: 'Muss eine ganze Zahl von 1 bis 120 sein.' });
  });
});
