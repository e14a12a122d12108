import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { eventDate, eventEnd, eventMessages, eventSchema, eventStart, eventTime } from './event.schema.js';

const minimal = () => ({ information: { name: 'Sommerfest', startDate: '2026-07-15', startTime: '18:00' } });
const errorsOf = (input: Record<string, unknown>) => {
  const result = parseFields(eventSchema, input);
  return result.ok ? {} : result.fieldErrors;
};
const withInformation = (information: Record<string, unknown>) => ({ information: { ...minimal().information, ...information } });

describe('event schema: valid input', () => {
  it('normalises a minimal event with the defaults', () => {
    const result = parseFields(eventSchema, minimal());
    expect(result.ok && result.value).toMatchObject({
      format: 0,
      isPublic: false,
      information: { name: 'Sommerfest', teaserImage: null, startDate: '2026-07-15', startTime: '18:00', endDate: null, endTime: null, tags: [] },
      attendees: { publicEvent: true, needsRegistration: false, maxAttendees: null, free: false, priceCategories: [] },
      eventLocation: { select: null, room: null, url: '' },
      eventOrganizer: { addContactPerson: true, speakers: [] },
      schedules: [],
      images: [],
      attachments: [],
    });
  });

  it('trims text, reads German numbers, pads times and lists each link once', () => {
    const result = parseFields(eventSchema, {
      ...withInformation({ name: '  Sommerfest ', startTime: '8:05', tags: ['Musik', ' Musik ', ''] }),
      format: '2',
      attendees: { needsRegistration: 'true', maxAttendees: '25', priceCategories: [{ name: 'Erwachsene', price: '12,505' }, { name: 'Kinder' }] },
      attachments: ['https://x.de/a.pdf', 'https://x.de/a.pdf', '/api/files/b.pdf'],
    });
    expect(result.ok && result.value).toMatchObject({
      format: 2,
      information: { name: 'Sommerfest', startTime: '08:05', tags: ['Musik'] },
      attendees: { needsRegistration: true, maxAttendees: 25, priceCategories: [{ id: '', name: 'Erwachsene', price: 12.51 }, { id: '', name: 'Kinder', price: 0 }] },
      attachments: ['https://x.de/a.pdf', '/api/files/b.pdf'],
    });
  });

  it('takes calendar days as they are and ISO instants as their Berlin day', () => {
    expect(eventDate('2026-07-15')).toBe('2026-07-15');
    // The original client sends local midnight as UTC: 22:00 (summer) or 23:00 (winter) the day before.
    expect(eventDate('2026-07-14T22:00:00.000Z')).toBe('2026-07-15');
    expect(eventDate('2026-01-14T23:00:00.000Z')).toBe('2026-01-15');
    expect(eventDate('')).toBeNull();
    expect(eventDate('15.07.2026')).toBeUndefined();
    expect(eventDate(20260715)).toBeUndefined();
    expect(eventTime('24:00')).toBeUndefined();
    expect(eventTime('23:59')).toBe('23:59');
  });

  it('an end without time lasts until the end of its day', () => {
    expect(eventStart('2026-07-15', null)?.toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(eventEnd('2026-07-15', null)?.toISOString()).toBe('2026-07-15T22:00:00.000Z');
    expect(eventEnd(null, '10:00')).toBeNull();
  });
});

describe('event schema: wrong fields with path and message', () => {
  it('names the required fields in German', () => {
    expect(errorsOf({})).toEqual({
      'information.name': eventMessages.required('Name'),
      'information.startDate': 'Startdatum muss ausgefüllt sein.',
      'information.startTime': 'Startzeit muss ausgefüllt sein.',
    });
  });

  it('refuses a too long name or teaser instead of cutting it', () => {
    expect(errorsOf(withInformation({ name: 'x'.repeat(201), teaserText: 'y'.repeat(2001) }))).toEqual({
      'information.name': 'Name Die Anzahl an Zeichen darf nicht größer als 200 sein.',
      'information.teaserText': 'Kurzbeschreibung Die Anzahl an Zeichen darf nicht größer als 2000 sein.',
    });
  });

  it('checks dates, times, e-mail addresses, links and the postal code where given', () => {
    expect(
      errorsOf({
        ...withInformation({ startDate: '15.07.2026', endDate: '1899-12-31', endTime: '25:00', teaserImage: 'bild.png' }),
        eventLocation: { emailAddress: 'info@', url: 'ftp://x' },
        eventAddress: { zip: '1234a' },
        eventOrganizer: { contactPersonEmailAddress: 'a@b', speakers: [{ name: 'Max', emailAddress: 'max' }, { image: 'javascript:x' }] },
        schedules: [{ date: '2026-07-15', time: '9 Uhr', schedules: [{ time: 'morgens' }] }],
        images: ['https://x.de/a.png', 'kein Link'],
        attachments: ['mailto:a@b.de'],
        format: 3,
      }),
    ).toEqual({
      'information.startDate': eventMessages.date,
      'information.endDate': 'Das Datum darf nicht vor dem 01.01.1900 liegen.',
      'information.endTime': eventMessages.time,
      'information.teaserImage': 'Ungültige URL.',
      'eventLocation.emailAddress': 'E-Mail ist ungültig.',
      'eventLocation.url': 'Ungültige URL.',
      'eventAddress.zip': 'Muss eine Zahl sein',
      'eventOrganizer.contactPersonEmailAddress': 'E-Mail ist ungültig.',
      'eventOrganizer.speakers.0.emailAddress': 'E-Mail ist ungültig.',
      'eventOrganizer.speakers.1.image': 'Ungültige URL.',
      'schedules.0.time': eventMessages.time,
      'schedules.0.schedules.0.time': eventMessages.time,
      'images.1': 'Ungültige URL.',
      'attachments.0': 'Ungültige URL.',
      format: 'Ungültiger Wert',
    });
  });

  it('an empty seat limit is unlimited; otherwise a whole number from 1 to the limit', () => {
    for (const maxAttendees of [null, '', undefined]) expect(errorsOf({ ...minimal(), attendees: { needsRegistration: true, maxAttendees } })).toEqual({});
    expect(errorsOf({ ...minimal(), attendees: { maxAttendees: '2,5' } })).toEqual({ 'attendees.maxAttendees': 'Muss eine ganze Zahl größer als 0 sein.' });
    expect(errorsOf({ ...minimal(), attendees: { maxAttendees: 0 } })).toEqual({ 'attendees.maxAttendees': 'Muss eine ganze Zahl größer als 0 sein.' });
    expect(errorsOf({ ...minimal(), attendees: { maxAttendees: 1_000_001 } })).toEqual({ 'attendees.maxAttendees': 'Der Wert ist zu groß.' });
  });

  it('prices are numbers, not negative and within what the column holds', () => {
    expect(errorsOf({ ...minimal(), attendees: { priceCategories: [{ price: 'zwölf' }, { price: '-5' }, { price: '1e308' }, { price: '12,50' }] } })).toEqual({
      'attendees.priceCategories.0.price': 'Muss eine Zahl sein',
      'attendees.priceCategories.1.price': 'Darf nicht negativ sein',
      'attendees.priceCategories.2.price': 'Der Wert ist zu groß.',
    });
  });
});

describe('event schema: the end against the start', () => {
  it('an end on the start day without time is not before the start', () => {
    expect(errorsOf(withInformation({ endDate: '2026-07-15' }))).toEqual({});
    expect(errorsOf(withInformation({ endDate: '2026-07-14' }))).toEqual({ 'information.endDate': eventMessages.endBeforeStart });
  });

  it('names the end time when it is given', () => {
    expect(errorsOf(withInformation({ endDate: '2026-07-15', endTime: '17:00' }))).toEqual({ 'information.endTime': eventMessages.endBeforeStart });
    expect(errorsOf(withInformation({ endDate: '2026-07-15', endTime: '18:00' }))).toEqual({});
  });

  it('is named together with other wrong fields of the event', () => {
    expect(errorsOf({ ...withInformation({ endDate: '2026-07-14', name: '' }), eventLocation: { emailAddress: 'x' } })).toEqual({
      'information.name': 'Name muss ausgefüllt sein.',
      'information.endDate': eventMessages.endBeforeStart,
      'eventLocation.emailAddress': 'E-Mail ist ungültig.',
    });
  });
});
