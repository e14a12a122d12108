import { describe, expect, it } from 'vitest';
import { bookableLinkNotice, bookableSnippets, bookingLink, eventSnippets, portalLink, tenantSnippets } from './publicLinks';

const origin = 'https://buchen.stadt.example/';

describe('public links', () => {
  it('builds the booking page address from the product address, tenant and object', () => {
    expect(bookingLink(origin, 't-1', 'b 2')).toBe('https://buchen.stadt.example/checkout?id=b+2&tenant=t-1');
  });

  it('leads to the tenant booking portal', () => {
    expect(portalLink('http://localhost:3000', 'abc')).toBe('http://localhost:3000/buchen/abc');
  });

  it('names the snippet addresses of an object with the hyphenated kind of the list', () => {
    expect(bookableSnippets(origin, 't', { id: 'b', type: 'event_location' }).map((snippet) => snippet.url)).toEqual([
      'https://buchen.stadt.example/html/t/bookables/b',
      'https://buchen.stadt.example/html/t/bookables?type=event-location',
    ]);
  });

  it('names the snippet addresses of an event and of the event list', () => {
    expect(eventSnippets(origin, 't', 'e').map((snippet) => snippet.url)).toEqual(['https://buchen.stadt.example/html/t/events/e', 'https://buchen.stadt.example/html/t/events']);
  });

  it('names the snippet addresses of all objects and all events of a tenant', () => {
    expect(tenantSnippets(origin, 't').map((snippet) => snippet.url)).toEqual(['https://buchen.stadt.example/html/t/bookables', 'https://buchen.stadt.example/html/t/events']);
  });

  it('says why an object is not bookable by everyone through its link', () => {
    const open = { isPublic: true, isBookable: true, permittedUsers: [], permittedRoles: [] };
    expect(bookableLinkNotice(open)).toBeNull();
    expect(bookableLinkNotice({ ...open, isPublic: false })).toMatch(/nicht öffentlich buchbar/);
    expect(bookableLinkNotice({ ...open, permittedRoles: ['r'] })).toMatch(/freigegebenen Personen/);
    expect(bookableLinkNotice({ ...open, isBookable: false })).toMatch(/derzeit nicht buchbar/);
  });
});
