import { describe, expect, it } from 'vitest';
import { endpointStatusOf, eventLabel } from './webhookTexts';

describe('webhook texts', () => {
  it('names the events in German and the test event as such', () => {
    expect(eventLabel('booking.created')).toBe('Buchung angelegt');
    expect(eventLabel('webhook.test')).toBe('Testereignis');
    expect(eventLabel('something.else')).toBe('something.else');
  });

  it('an endpoint is disabled, failing or active', () => {
    expect(endpointStatusOf({ disabledAt: '2026-01-01T00:00:00Z', failingSince: '2026-01-01T00:00:00Z' })).toBe('disabled');
    expect(endpointStatusOf({ disabledAt: null, failingSince: '2026-01-01T00:00:00Z' })).toBe('failing');
    expect(endpointStatusOf({ disabledAt: null, failingSince: null })).toBe('active');
  });
});
