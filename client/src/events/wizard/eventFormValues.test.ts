import { describe, expect, it } from 'vitest';
import type { WizardEventFieldsFragment } from '../../gql/graphql';
import { emptyEventValues, fieldNamesOf, hasEventLink, hasVenue, isChanged, newAgendaDay, newPriceCategory, toEventInput, toFormValues } from './eventFormValues';

const stored: WizardEventFieldsFragment = {
  id: 'e1',
  tenantId: 't1',
  format: 1,
  isPublic: true,
  ticketCodePer: 'order',
  attachments: ['/api/t1/files/get?name=/public/events/attachments/plan.pdf'],
  images: ['/api/t1/files/get?name=/public/events/images/a.png'],
  information: {
    name: 'Sommerfest',
    teaserText: 'Kurz',
    description: '<p>Lang</p>',
    teaserImage: null,
    flags: ['barrierefrei'],
    tags: ['Kultur'],
    startDate: '2026-07-15',
    startTime: '18:00',
    endDate: null,
    endTime: null,
  },
  attendees: { publicEvent: false, needsRegistration: true, maxAttendees: 80, free: false, priceCategories: [{ id: 'p1', name: 'Erwachsene', price: 12.5 }] },
  eventLocation: { name: 'Bürgerhaus', phoneNumber: '0123', emailAddress: 'info@example.com', select: 'b1', room: null, url: 'https://example.com/live' },
  eventAddress: { street: 'Hauptstraße', houseNumber: '1', additional: '', city: 'Musterstadt', zip: '12345' },
  eventOrganizer: {
    name: 'Kulturamt',
    addContactPerson: true,
    contactPersonName: 'Erika Muster',
    contactPersonPhoneNumber: '0456',
    contactPersonEmailAddress: 'erika@example.com',
    contactPersonImage: '',
    speakers: [{ id: 's1', name: 'Max', phoneNumber: '', emailAddress: 'max@example.com', image: '' }],
  },
  schedules: [{ id: 'd1', date: '2026-07-15', time: '18:00', description: 'Eröffnung', schedules: [{ id: 'i1', time: '18:30', description: 'Rede' }] }],
};

describe('event form values', () => {
  it('starts a new event open to the public, with a contact person, not yet listed publicly', () => {
    const values = emptyEventValues();
    expect(values.attendees.publicEvent).toBe(true);
    expect(values.eventOrganizer.addContactPerson).toBe(true);
    expect(values.format).toBe(0);
    expect(values.isPublic).toBe(false);
  });

  it('reads a stored event into the form with German prices and text seats', () => {
    const values = toFormValues(stored);
    expect(values.attendees.priceCategories).toEqual([{ id: 'p1', name: 'Erwachsene', price: '12,50' }]);
    expect(values.attendees.maxAttendees).toBe('80');
    expect(values.information.teaserImage).toBe('');
    expect(values.information.endDate).toBe('');
    expect(values.eventLocation.room).toBe('');
    expect(values.format).toBe(1);
  });

  it('maps the form back to the same event input', () => {
    const input = toEventInput(toFormValues(stored));
    expect(input.attendees).toEqual({ publicEvent: false, needsRegistration: true, maxAttendees: 80, free: false, priceCategories: [{ id: 'p1', name: 'Erwachsene', price: 12.5 }] });
    expect(input.information).toMatchObject({ name: 'Sommerfest', startDate: '2026-07-15', startTime: '18:00', endDate: null, endTime: null, teaserImage: '' });
    expect(input.eventLocation).toEqual({ name: 'Bürgerhaus', phoneNumber: '0123', emailAddress: 'info@example.com', select: 'b1', room: null, url: 'https://example.com/live' });
    expect(input.schedules).toEqual(stored.schedules);
    expect(input.eventOrganizer?.speakers).toEqual(stored.eventOrganizer.speakers);
    expect(input.attachments).toEqual(stored.attachments);
    expect(input.isPublic).toBe(true);
    expect(input.format).toBe(1);
  });

  it('leaves out what the switches and the format turn off', () => {
    const values = toFormValues(stored);
    values.format = 2;
    values.attendees.needsRegistration = false;
    values.attendees.free = true;
    values.eventOrganizer.addContactPerson = false;
    values.information.startDate = '';
    const input = toEventInput(values);
    expect(input.eventLocation?.select).toBeNull();
    expect(input.eventLocation?.url).toBe('https://example.com/live');
    expect(input.attendees?.maxAttendees).toBeNull();
    expect(input.attendees?.priceCategories).toEqual([]);
    expect(input.eventOrganizer?.contactPersonName).toBe('');
    expect(input.information?.startTime).toBeNull();
    values.format = 0;
    expect(toEventInput(values).eventLocation?.url).toBe('');
  });

  it('reads German prices typed by hand', () => {
    const values = emptyEventValues();
    values.attendees.priceCategories = [
      { ...newPriceCategory(), price: '1.234,5' },
      { ...newPriceCategory(), price: '' },
    ];
    expect(toEventInput(values).attendees?.priceCategories?.map((category) => category.price)).toEqual([1234.5, 0]);
    expect(newPriceCategory().price).toBe('0,00');
    expect(newAgendaDay().id).not.toBe(newAgendaDay().id);
  });

  it('tells formats with a link and with a venue', () => {
    expect([0, 1, 2].map((format) => hasEventLink(format as 0))).toEqual([false, true, true]);
    expect([0, 1, 2].map((format) => hasVenue(format as 0))).toEqual([true, true, false]);
  });

  it('notices changes whatever the order of keys', () => {
    const initial = toFormValues(stored);
    const same = JSON.parse(JSON.stringify(initial)) as typeof initial;
    expect(isChanged({ ...same, isPublic: same.isPublic }, initial)).toBe(false);
    expect(isChanged({ ...same, information: { ...same.information, name: 'Anders' } }, initial)).toBe(true);
  });
});

describe('field names of the steps', () => {
  it('lists every field of the sections and the lists as a whole', () => {
    const names = fieldNamesOf(emptyEventValues());
    expect(names).toContain('isPublic');
    expect(names).toContain('format');
    expect(names).toContain('information.startTime');
    expect(names).toContain('eventOrganizer.speakers');
    expect(names).toContain('attendees.priceCategories');
    expect(names).toContain('schedules');
    expect(names).toContain('images');
    expect(names.some((name) => name.startsWith('schedules.'))).toBe(false);
    expect(names).toContain('ticketCodePer');
    expect(names).toHaveLength(3 + 10 + 6 + 5 + 7 + 5 + 3);
  });
});
