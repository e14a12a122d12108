import { describe, expect, it } from 'vitest';
import { emptyEventValues, type EventFormValues } from './eventFormValues';
import { firstInvalidStep, flatEventErrors, shownWizardError, stepOfPath, stepValidity, validateEventForm } from './eventValidation';

function complete(): EventFormValues {
  const values = emptyEventValues();
  values.information = { ...values.information, name: 'Sommerfest', startDate: '2026-07-15', startTime: '18:00' };
  values.eventLocation = { ...values.eventLocation, name: 'Bürgerhaus', emailAddress: 'info@example.com' };
  values.eventOrganizer = { ...values.eventOrganizer, name: 'Kulturamt', contactPersonName: 'Erika', contactPersonPhoneNumber: '0123', contactPersonEmailAddress: 'erika@example.com' };
  return values;
}

describe('wizard validation', () => {
  it('requires the fields of a complete announcement with their messages', () => {
    const errors = flatEventErrors(emptyEventValues());
    expect(errors).toEqual({
      'information.name': 'Name muss ausgefüllt sein.',
      'information.startDate': 'Startdatum muss ausgefüllt sein.',
      'information.startTime': 'Startzeit muss ausgefüllt sein.',
      'eventLocation.name': 'Name des Veranstaltungsorts muss ausgefüllt sein.',
      'eventLocation.emailAddress': 'E-Mail für Rückfragen muss ausgefüllt sein.',
      'eventOrganizer.name': 'Name des Veranstalters muss ausgefüllt sein.',
      'eventOrganizer.contactPersonName': 'Name der Kontaktperson muss ausgefüllt sein.',
      'eventOrganizer.contactPersonPhoneNumber': 'Telefon der Kontaktperson muss ausgefüllt sein.',
      'eventOrganizer.contactPersonEmailAddress': 'E-Mail der Kontaktperson muss ausgefüllt sein.',
    });
    expect(flatEventErrors(complete())).toEqual({});
  });

  it('checks e-mail addresses, links, seats, prices and the end', () => {
    const values = complete();
    values.eventLocation.emailAddress = 'info@';
    values.eventOrganizer.speakers = [{ id: 's', name: 'Max', phoneNumber: '', emailAddress: 'max', image: '' }];
    values.format = 2;
    values.eventLocation.url = 'ftp://x';
    values.attendees.needsRegistration = true;
    values.attendees.priceCategories = [{ id: 'p', name: 'A', price: 'zwölf' }];
    values.information.endDate = '2026-07-14';
    expect(flatEventErrors(values)).toEqual({
      'eventLocation.emailAddress': 'E-Mail ist ungültig.',
      'eventOrganizer.speakers.0.emailAddress': 'E-Mail ist ungültig.',
      'eventLocation.url': 'Ungültige URL.',
      'attendees.priceCategories.0.price': 'Muss eine Zahl sein',
      'information.endDate': 'Das Ende der Veranstaltung darf nicht vor ihrem Beginn liegen.',
    });
    values.attendees.maxAttendees = '2,5';
    expect(flatEventErrors(values)['attendees.maxAttendees']).toBe('Muss eine ganze Zahl größer als 0 sein.');
    values.attendees.maxAttendees = '30';
    values.attendees.free = true;
    values.information.endDate = '2026-07-15';
    values.information.endTime = '17:00';
    const errors = flatEventErrors(values);
    expect(errors['attendees.maxAttendees']).toBeUndefined();
    expect(errors['attendees.priceCategories.0.price']).toBeUndefined();
    expect(errors['information.endTime']).toBe('Das Ende der Veranstaltung darf nicht vor ihrem Beginn liegen.');
  });

  it('an empty seat limit is unlimited seats; a limit below the seats sold is refused with the number sold', () => {
    const values = complete();
    values.attendees.needsRegistration = true;
    values.attendees.maxAttendees = '';
    expect(flatEventErrors(values, { seatsSold: 12 })['attendees.maxAttendees']).toBeUndefined();
    values.attendees.maxAttendees = '10';
    expect(flatEventErrors(values, { seatsSold: 12 })['attendees.maxAttendees']).toBe('Es sind bereits 12 Plätze verkauft. Die Teilnehmeranzahl darf nicht darunter liegen.');
    expect(flatEventErrors(values, { seatsSold: 10 })['attendees.maxAttendees']).toBeUndefined();
    expect(flatEventErrors(values)['attendees.maxAttendees']).toBeUndefined();
  });

  it('refuses dates before 1900 and prices beyond what the column holds, as the server does', () => {
    const values = complete();
    values.information.startDate = '0202-07-15';
    values.information.endDate = '1899-12-31';
    values.attendees.priceCategories = [
      { id: 'a', name: 'A', price: '1e308' },
      { id: 'b', name: 'B', price: '-5' },
      { id: 'c', name: 'C', price: '12,50' },
    ];
    expect(flatEventErrors(values)).toEqual({
      'information.startDate': 'Das Datum darf nicht vor dem 01.01.1900 liegen.',
      'information.endDate': 'Das Datum darf nicht vor dem 01.01.1900 liegen.',
      'attendees.priceCategories.0.price': 'Der Wert ist zu groß.',
      'attendees.priceCategories.1.price': 'Darf nicht negativ sein',
    });
    values.information.startDate = '1900-01-01';
    values.information.endDate = '1900-01-01';
    values.attendees.priceCategories = [];
    expect(flatEventErrors(values)).toEqual({});
  });

  it('does not ask for the contact person when it is switched off', () => {
    const values = complete();
    values.eventOrganizer = { ...values.eventOrganizer, addContactPerson: false, contactPersonName: '', contactPersonEmailAddress: 'x' };
    expect(flatEventErrors(values)).toEqual({});
  });

  it('requires the three switches to be set', () => {
    const values = complete();
    (values.attendees as Record<string, unknown>).free = undefined;
    expect(flatEventErrors(values)).toEqual({ 'attendees.free': 'Diese Veranstaltung ist kostenlos muss ausgefüllt sein.' });
  });

  it('tells which step holds a message', () => {
    expect(stepOfPath('information.name')).toBe(0);
    expect(stepOfPath('eventAddress.zip')).toBe(1);
    expect(stepOfPath('format')).toBe(1);
    expect(stepOfPath('eventOrganizer.speakers.0.emailAddress')).toBe(2);
    expect(stepOfPath('attendees.maxAttendees')).toBe(3);
    expect(stepOfPath('schedules.0.time')).toBe(4);
    expect(stepOfPath('attachments.1')).toBe(5);
    expect(stepOfPath('images.0')).toBe(6);
    const errors = flatEventErrors(emptyEventValues());
    expect(stepValidity(errors)).toEqual([false, false, false, true, true, true, true]);
    expect(firstInvalidStep(errors)).toBe(0);
    expect(firstInvalidStep({})).toBe(-1);
  });

  it('nests the messages for the form', () => {
    const values = complete();
    values.information.name = ' ';
    expect(validateEventForm(values)).toEqual({ information: { name: 'Name muss ausgefüllt sein.' } });
  });
});

describe('wizard field messages', () => {
  it('speak as soon as a field was typed in or left, and after a save attempt', () => {
    expect(shownWizardError({ error: 'x' })).toBeUndefined();
    expect(shownWizardError({ error: 'x', modified: true })).toBe('x');
    expect(shownWizardError({ error: 'x', touched: true })).toBe('x');
    expect(shownWizardError({ error: 'x', submitFailed: true })).toBe('x');
    expect(shownWizardError({ submitError: 'vom Server' })).toBe('vom Server');
    expect(shownWizardError({ submitError: 'vom Server', dirtySinceLastSubmit: true })).toBeUndefined();
  });
});
