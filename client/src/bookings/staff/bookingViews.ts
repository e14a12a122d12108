/**
 * The views of the bookings screen: Liste, Kalender, and Kanban
 * where the tenant's workflow is active.
 */
export type BookingViewKey = 'list' | 'calendar' | 'kanban';

export interface BookingView {
  key: BookingViewKey;
  label: string;
  needsActiveWorkflow: boolean;
}

export const bookingViews: readonly BookingView[] = [
  { key: 'list', label: 'Liste', needsActiveWorkflow: false },
  { key: 'calendar', label: 'Kalender', needsActiveWorkflow: false },
  { key: 'kanban', label: 'Kanban', needsActiveWorkflow: true },
];

/** The views to offer: those needing the workflow only while it is active. */
export function offeredViews(views: readonly BookingView[], workflowActive: boolean): BookingView[] {
  return views.filter((view) => !view.needsActiveWorkflow || workflowActive);
}

/** Whether the screen needs to know if the workflow is active at all. */
export const viewsDependOnWorkflow = (views: readonly BookingView[]) => views.some((view) => view.needsActiveWorkflow);
