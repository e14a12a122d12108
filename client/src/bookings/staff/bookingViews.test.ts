import { describe, expect, it } from 'vitest';
import { type BookingView, bookingViews, offeredViews, viewsDependOnWorkflow } from './bookingViews';

const keys = (views: BookingView[]) => views.map((view) => view.key);

describe('offeredViews', () => {
  it('offers only the list while calendar and board are not built, whatever the workflow', () => {
    expect(keys(offeredViews(bookingViews, false))).toEqual(['list']);
    expect(keys(offeredViews(bookingViews, true))).toEqual(['list']);
    expect(viewsDependOnWorkflow(bookingViews)).toBe(false);
  });

  it('offers the board, once built, only while the workflow is active', () => {
    const built = bookingViews.map((view) => ({ ...view, implemented: true }));
    expect(keys(offeredViews(built, false))).toEqual(['list', 'calendar']);
    expect(keys(offeredViews(built, true))).toEqual(['list', 'calendar', 'kanban']);
    expect(viewsDependOnWorkflow(built)).toBe(true);
  });
});
