import { describe, expect, it } from 'vitest';
import { emptySimpleEvent, simpleEventInput, simpleEventMessages, type SimpleEventValues, validateSimpleEvent } from './simpleEventForm';

const filled = (overrides: Partial<SimpleEventValues> = {}): SimpleEventValues => ({
  ...emptySimpleEvent(),
  name: 'Lesung im Rathaus',
  start: '2026-12-03T17:00:00.000Z',
  end: '2026-12-03T19:30:00.000Z',
  venueName: 'Ratssaal',
  organizerName: 'Stadtbibliothek',
  contactName: 'Lena Lesewitz',
  contactPhone: '0123 456',
  contactEmail: 'lena@example.com',
  ...overrides,
});

describe('validateSimpleEvent', () => {
  it('asks for every required field with "Pflichtfeld"', () => {
    const errors = validateSimpleEvent(emptySimpleEvent());
    expect(Object.keys(errors).sort()).toEqual(['contactEmail', 'contactName', 'contactPhone', 'end', 'name', 'organizerName', 'start', 'venueName']);
    expect(new Set(Object.values(errors))).toEqual(new Set([simpleEventMessages.required]));
  });

  it('accepts a complete event', () => {
    expect(validateSimpleEvent(filled())).toEqual({});
  });

  it('refuses a start or end before 1900 (Berlin date), as the server does', () => {
    expect(validateSimpleEvent(filled({ start: '1899-12-31T10:00:00.000Z' })).start).toBe('Das Datum darf nicht vor dem 01.01.1900 liegen.');
    expect(validateSimpleEvent(filled({ start: '1899-12-31T23:30:00.000Z', end: '1899-12-31T23:45:00.000Z' }))).toEqual({});
  });

  it('wants a valid e-mail, the end after the start, digits as postal code', () => {
    expect(validateSimpleEvent(filled({ contactEmail: 'lena@' })).contactEmail).toBe('E-Mail muss gültig sein');
    expect(validateSimpleEvent(filled({ end: '2026-12-03T17:00:00.000Z' })).end).toBe(simpleEventMessages.endBeforeStart);
    expect(validateSimpleEvent(filled({ zip: '12a45' })).zip).toBe(simpleEventMessages.zip);
  });

  it('takes a valid number of seats when participants must register; empty is unlimited', () => {
    expect(validateSimpleEvent(filled({ needsRegistration: false, maxAttendees: '' })).maxAttendees).toBeUndefined();
    expect(validateSimpleEvent(filled({ needsRegistration: true, maxAttendees: '' })).maxAttendees).toBeUndefined();
    expect(validateSimpleEvent(filled({ needsRegistration: true, maxAttendees: '0' })).maxAttendees).toBe(simpleEventMessages.seats);
    expect(validateSimpleEvent(filled({ needsRegistration: true, maxAttendees: '40' })).maxAttendees).toBeUndefined();
  });
});

describe('simpleEventInput', () => {
  it('saves the picked instants as Berlin dates and times, a free event open to everyone with its contact person', () => {
    const input = simpleEventInput(filled({ needsRegistration: true, maxAttendees: '40', tags: ['Lesung'] }), true);
    expect(input.information).toMatchObject({ name: 'Lesung im Rathaus', startDate: '2026-12-03', startTime: '18:00', endDate: '2026-12-03', endTime: '20:30', tags: ['Lesung'], teaserImage: null });
    expect(input.attendees).toEqual({ publicEvent: true, free: true, needsRegistration: true, maxAttendees: 40 });
    expect(input.eventOrganizer).toMatchObject({ addContactPerson: true, contactPersonEmailAddress: 'lena@example.com' });
    expect(input.isPublic).toBe(true);
    // The wizard asks for an e-mail for questions about the venue: the contact person's.
    expect(input.eventLocation).toEqual({ name: 'Ratssaal', emailAddress: 'lena@example.com', phoneNumber: '0123 456' });
  });

  it('saves it invisible when the public quota is used up, and without a seat limit when nobody registers or none is given', () => {
    expect(simpleEventInput(filled({ needsRegistration: true, maxAttendees: ' ' }), true).attendees?.maxAttendees).toBeNull();
    const input = simpleEventInput(filled({ maxAttendees: '12' }), false);
    expect(input.isPublic).toBe(false);
    expect(input.attendees?.maxAttendees).toBeNull();
  });
});
