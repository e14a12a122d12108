import { describe, expect, it } from 'vitest';
import { defaultEventData, type EventData } from './event.model.js';
import { eventDate, eventMessages, validateEvent, withNewIds } from './event.validation.js';

const valid = (): Record<string, unknown> => ({ information: { name: 'Sommerfest', startDate: '2026-07-15', startTime: '18:00' } });
function saved(input: Record<string, unknown>, current: EventData | null = null): EventData {
  const { data, fieldErrors } = validateEvent(input, current);
  expect(fieldErrors).toEqual({});
  if (!data) throw new Error('expected valid input');
  return data;
}

describe('event dates', () => {
  it('takes calendar days as they are and ISO instants as their Berlin day', () => {
    expect(eventDate('2026-07-15')).toBe('2026-07-15');
    // The original client sends local midnight as UTC: 22:00 (summer) or 23:00 (winter) the day before.
    expect(eventDate('2026-07-14T22:00:00.000Z')).toBe('2026-07-15');
    expect(eventDate('2026-01-14T23:00:00.000Z')).toBe('2026-01-15');
    expect(eventDate('')).toBeNull();
    expect(eventDate('15.07.2026')).toBeUndefined();
    expect(eventDate(20260715)).toBeUndefined();
  });
});

describe('validateEvent', () => {
  it('accepts a minimal event with the defaults', () => {
    expect(saved(valid())).toMatchObject({ format: 0, isPublic: false, attendees: { publicEvent: true, maxAttendees: null }, eventOrganizer: { addContactPerson: true } });
  });

  it('names the required fields in German', () => {
    const { fieldErrors } = validateEvent({}, null);
    expect(fieldErrors).toEqual({
      'information.name': eventMessages.required('Name'),
      'information.startDate': 'Startdatum muss ausgefüllt sein.',
      'information.startTime': 'Startzeit muss ausgefüllt sein.',
    });
  });

  it('an end on the start day without time is not before the start', () => {
    const input = { information: { ...(valid().information as object), endDate: '2026-07-15' } };
    expect(validateEvent(input, null).fieldErrors).toEqual({});
    expect(validateEvent({ information: { ...(valid().information as object), endDate: '2026-07-14' } }, null).fieldErrors).toEqual({ 'information.endDate': eventMessages.endBeforeStart });
  });

  it('accepts an empty seat limit when registration is needed: the event has unlimited seats', () => {
    for (const maxAttendees of [null, '', undefined]) {
      expect(saved({ ...valid(), attendees: { needsRegistration: true, maxAttendees } }).attendees).toMatchObject({ needsRegistration: true, maxAttendees: null });
    }
  });

  it('overlays a partial update section by section', () => {
    const current = saved({ ...valid(), attendees: { needsRegistration: true, maxAttendees: '25' } });
    const data = saved({ information: { teaserText: 'Neu' }, isPublic: true }, current);
    expect(data.information).toMatchObject({ name: 'Sommerfest', teaserText: 'Neu', startTime: '18:00' });
    expect(data.attendees).toMatchObject({ needsRegistration: true, maxAttendees: 25 });
    expect(data.isPublic).toBe(true);
  });

  it('lists each attachment once, sanitises the description and gives new entries ids', () => {
    const data = saved({ ...valid(), attachments: ['https://x.de/a.pdf', 'https://x.de/a.pdf'], information: { ...(valid().information as object), description: '<p>Hallo<script>x()</script></p>' }, attendees: { priceCategories: [{ name: 'A', price: '5' }, { id: 'kept', name: 'B' }] } });
    expect(data.attachments).toEqual(['https://x.de/a.pdf']);
    expect(data.information.description).toBe('<p>Hallo</p>');
    expect(data.attendees.priceCategories[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.attendees.priceCategories[1]).toEqual({ id: 'kept', name: 'B', price: 0 });
  });
});

describe('withNewIds', () => {
  it('renews the ids of price categories, speakers, agenda days and items, nothing else', () => {
    const base = defaultEventData();
    const data: EventData = {
      ...base,
      attendees: { ...base.attendees, priceCategories: [{ id: 'p', name: 'A', price: 1 }] },
      eventOrganizer: { ...base.eventOrganizer, speakers: [{ id: 's', name: 'S', phoneNumber: '', emailAddress: '', image: '' }] },
      schedules: [{ id: 'd', date: '2026-07-15', time: '', description: '', schedules: [{ id: 'i', time: '', description: 'x' }] }],
    };
    const copy = withNewIds(data);
    expect([copy.attendees.priceCategories[0].id, copy.eventOrganizer.speakers[0].id, copy.schedules[0].id, copy.schedules[0].schedules[0].id]).not.toContain('p');
    expect(new Set([copy.attendees.priceCategories[0].id, copy.eventOrganizer.speakers[0].id, copy.schedules[0].id, copy.schedules[0].schedules[0].id]).size).toBe(4);
    expect(copy.schedules[0].schedules[0].description).toBe('x');
    expect(data.attendees.priceCategories[0].id).toBe('p');
  });
});
