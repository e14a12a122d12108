/**
 * The views of the bookings screen (specification 03 section 2): Liste, Kalender, and Kanban
 * where the tenant's workflow is active. A view is offered once it is built (`implemented`), like
 * the navigation's entries; a later issue adds it and flips the flag.
 */
export type BookingViewKey = 'list' | 'calendar' | 'kanban';

export interface BookingView {
  key: BookingViewKey;
  label: string;
  implemented: boolean;
  needsActiveWorkflow: boolean;
}

export const bookingViews: readonly BookingView[] = [
  { key: 'list', label: 'Liste', implemented: true, needsActiveWorkflow: false },
  { key: 'calendar', label: 'Kalender', implemented: false, needsActiveWorkflow: false },
  { key: 'kanban', label: 'Kanban', implemented: true, needsActiveWorkflow: true },
];

/** The views to offer: built ones, and those needing the workflow only while it is active. */
export function offeredViews(views: readonly BookingView[], workflowActive: boolean): BookingView[] {
  return views.filter((view) => view.implemented && (!view.needsActiveWorkflow || workflowActive));
}

/** Whether the screen needs to know if the workflow is active at all. */
export const viewsDependOnWorkflow = (views: readonly BookingView[]) => views.some((view) => view.implemented && view.needsActiveWorkflow);
