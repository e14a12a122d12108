import { describe, expect, it } from 'vitest';
import { type BookingView, bookingViews, offeredViews, viewsDependOnWorkflow } from './bookingViews';

const keys = (views: BookingView[]) => views.map((view) => view.key);

describe('offeredViews', () => {
  it('offers the board beside the list only while the workflow is active; the calendar is not built yet', () => {
    expect(keys(offeredViews(bookingViews, false))).toEqual(['list']);
    expect(keys(offeredViews(bookingViews, true))).toEqual(['list', 'kanban']);
    expect(viewsDependOnWorkflow(bookingViews)).toBe(true);
  });

  it('offers the board, once built, only while the workflow is active', () => {
    const built = bookingViews.map((view) => ({ ...view, implemented: true }));
    expect(keys(offeredViews(built, false))).toEqual(['list', 'calendar']);
    expect(keys(offeredViews(built, true))).toEqual(['list', 'calendar', 'kanban']);
    expect(viewsDependOnWorkflow(built)).toBe(true);
  });
});
