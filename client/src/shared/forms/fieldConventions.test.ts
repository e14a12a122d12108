import { describe, expect, it } from 'vitest';
import { defaultFieldConventions, prefixedFieldId } from './fieldConventions';
import { labelInfoOf } from './TextField';

describe('field conventions', () => {
  it('derives DOM ids from field names under a prefix', () => {
    expect(prefixedFieldId('bookable')('priceCategories[0].priceEur')).toBe('bookable-priceCategories-0-priceEur');
    expect(prefixedFieldId('event')('information.name')).toBe('event-information-name');
    expect(prefixedFieldId('tenant')('applications.invoice.iban')).toBe('tenant-applications-invoice-iban');
  });

  it('uses the name itself as id by default', () => {
    expect(defaultFieldConventions.idOf('sso.active')).toBe('sso.active');
  });

  it('puts given info, else "(optional)", else the required mark beside the label', () => {
    const marked = { ...defaultFieldConventions, requiredMark: '*' };
    expect(labelInfoOf({ labelInfo: 'eigen', optional: true }, marked)).toBe('eigen');
    expect(labelInfoOf({ optional: true }, marked)).toBe('(optional)');
    expect(labelInfoOf({ required: true }, marked)).toBe('*');
    expect(labelInfoOf({ required: true }, defaultFieldConventions)).toBeUndefined();
  });
});
