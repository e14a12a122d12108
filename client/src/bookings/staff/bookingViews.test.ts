import { describe, expect, it } from 'vitest';
import { type BookingView, bookingViews, offeredViews, viewsDependOnWorkflow } from './bookingViews';

const keys = (views: BookingView[]) => views.map((view) => view.key);

describe('offeredViews', () => {
  it('offers list and calendar always, the board beside them only while the workflow is active', () => {
    expect(keys(offeredViews(bookingViews, false))).toEqual(['list', 'calendar']);
    expect(keys(offeredViews(bookingViews, true))).toEqual(['list', 'calendar', 'kanban']);
  });

  it('asks for the workflow only when a view depends on it', () => {
    expect(viewsDependOnWorkflow(bookingViews)).toBe(true);
    expect(viewsDependOnWorkflow(bookingViews.filter((view) => !view.needsActiveWorkflow))).toBe(false);
  });
});
