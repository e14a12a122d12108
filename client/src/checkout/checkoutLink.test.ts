import { describe, expect, it } from 'vitest';
import { checkoutStatusPath, parseCheckoutLink, signInPath } from './checkoutLink';
import { safeInternalPath } from '../shared/safeRedirect';
import { parseBookingLink } from '../shared/bookingLink';

const query = (text: string) => new URLSearchParams(text);

describe('the booking page link', () => {
  it('reads object, tenant and amount', () => {
    expect(parseCheckoutLink(query('id=b1&tenant=t1&amount=3'))).toEqual({ bookableId: 'b1', tenantId: 't1', amount: 3 });
  });

  it('books one unit when the amount is missing or not a whole number from 1', () => {
    for (const amount of ['', 'amount=0', 'amount=-2', 'amount=1.5', 'amount=zwei']) {
      expect(parseCheckoutLink(query(`id=b1&tenant=t1&${amount}`))?.amount).toBe(1);
    }
  });

  it('is unusable without object or tenant', () => {
    expect(parseCheckoutLink(query('tenant=t1'))).toBeNull();
    expect(parseCheckoutLink(query('id=b1&tenant=%20'))).toBeNull();
  });
});

describe('the confirmation link', () => {
  it('carries booking number and tenant, as the payment return does', () => {
    const path = checkoutStatusPath({ bookingId: 'ABCD-EFGH', tenantId: 't 1' });
    expect(path).toBe('/checkout/status?id=ABCD-EFGH&tenant=t+1');
    expect(parseBookingLink(new URL(path, 'http://x').searchParams)).toEqual({ bookingId: 'ABCD-EFGH', tenantId: 't 1' });
    expect(parseBookingLink(query('id=ABCD-EFGH'))).toBeNull();
  });
});

describe('the sign-in link of a restricted object', () => {
  it('returns to the booking page with its whole query after signing in', () => {
    const path = signInPath('/checkout?id=b1&tenant=t1&amount=2');
    expect(path).toBe('/login?redirectUrl=%2Fcheckout%3Fid%3Db1%26tenant%3Dt1%26amount%3D2');
    const redirectUrl = new URL(path, 'http://x').searchParams.get('redirectUrl');
    expect(safeInternalPath(redirectUrl)).toBe('/checkout?id=b1&tenant=t1&amount=2');
  });
});
