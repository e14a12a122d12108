import { describe, expect, it } from 'vitest';
import { defaultBookableData } from './bookable.defaults.js';
import type { BookableData } from './bookable.model.js';
import { bookableMessages, toNumber, validateBookable } from './bookable.validation.js';

/**
 * The server's part of the save rules (the data rules themselves are tested with the schema in
 * common/bookables/bookable.schema.test.ts): overlaying the stored bookable, sanitising, ids.
 */
const create = (input: Record<string, unknown>) => validateBookable({ type: 'room', title: 'Saal', ...input }, null);
function saved(input: Record<string, unknown>, current: BookableData | null = null): BookableData {
  const { data, fieldErrors } = current ? validateBookable(input, current) : create(input);
  expect(fieldErrors).toEqual({});
  if (!data) throw new Error('expected valid input');
  return data;
}

describe('validateBookable', () => {
  it('reads numbers typed as text with a comma; empty is null', () => {
    expect(toNumber('12,50')).toBe(12.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber('abc')).toBeNaN();
    expect(saved({ amount: '12' }).amount).toBe(12);
  });

  it('reports the schema messages by field path, REST and GraphQL alike', () => {
    expect(create({ isScheduleRelated: true, isTimePeriodRelated: true, priceCategories: [{ priceEur: '-1' }] })).toEqual({
      data: null,
      fieldErrors: { isTimePeriodRelated: bookableMessages.exclusiveModes, 'priceCategories.0.priceEur': bookableMessages.negative },
    });
  });

  it('gives attachments without id a new one and keeps given ids', () => {
    const attachments = saved({
      attachments: [
        { title: 'AGB', type: 'agreement', url: 'https://example.org/agb.pdf', required: true },
        { id: 'kept', title: 'Plan', type: 'user-manual', url: '/api/files/plan.pdf' },
      ],
    }).attachments;
    expect(attachments[0]).toMatchObject({ show: true, required: true });
    expect(attachments[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(attachments[1].id).toBe('kept');
  });

  it('sanitises the rich-text fields', () => {
    const data = saved({ description: '<p onclick="x()">Hallo <script>alert(1)</script><b>Welt</b></p>', bookingNotes: '<a href="javascript:x">l</a>' });
    expect(data.description).toBe('<p>Hallo <b>Welt</b></p>');
    expect(data.bookingNotes).toBe('<a rel="noopener noreferrer">l</a>');
  });

  it('needs a type and a title on create; the stored type never changes', () => {
    expect(validateBookable({ title: '' }, null).fieldErrors).toMatchObject({ title: bookableMessages.required });
    expect(validateBookable({ type: 'garage', title: 'x' }, null).fieldErrors).toEqual({ type: bookableMessages.required });
    expect(validateBookable({ title: 'x' }, null).fieldErrors).toEqual({ type: bookableMessages.required });
    const stored = { ...defaultBookableData('room'), title: 'Saal' };
    expect(validateBookable({ type: 'ticket' }, stored).fieldErrors).toEqual({ type: bookableMessages.typeChange });
    expect(validateBookable({ location: 'Rathaus' }, stored)).toEqual({ data: { ...stored, location: 'Rathaus' }, fieldErrors: {} });
  });

  it('lays a partial update over the stored bookable', () => {
    const stored = saved({ amount: '4', priceCategories: [{ priceEur: '10' }] });
    expect(saved({ title: 'Großer Saal' }, stored)).toEqual({ ...stored, title: 'Großer Saal' });
  });

  it('reads the form spelling relatedBookablesIds and drops duplicates', () => {
    expect(saved({ relatedBookablesIds: ['a', 'b', 'a'] }).relatedBookableIds).toEqual(['a', 'b']);
  });
});
