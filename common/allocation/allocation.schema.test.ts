import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { allocationApplicationSchema, allocationMessages, allocationRoundSchema } from './allocation.schema.js';

describe('allocation inputs name every wrong field at once', () => {
  it('a round left empty: the title and the objects beside the dates and the window', () => {
    const result = parseFields(allocationRoundSchema, { title: '', seasonBegin: '', seasonEnd: '', applicationsFrom: null, applicationsUntil: null, bookableIds: [] });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      title: allocationMessages.title,
      seasonBegin: allocationMessages.date,
      seasonEnd: allocationMessages.date,
      applicationsFrom: allocationMessages.instant,
      applicationsUntil: allocationMessages.instant,
      bookableIds: allocationMessages.bookables,
    });
  });

  it('an application without a name and mail whose wish lacks its weekday and priority', () => {
    const wish = { bookableId: 'halle', weekday: '', timeBegin: '18:00', timeEnd: '20:00', priority: '' };
    const result = parseFields(allocationApplicationSchema, { name: ' ', contactName: 'Erika Mustermann', mail: 'keine-adresse', wishes: [wish] });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      name: allocationMessages.name,
      mail: allocationMessages.mail,
      'wishes.0.weekday': allocationMessages.weekday,
      'wishes.0.priority': allocationMessages.priority,
    });
  });
});
