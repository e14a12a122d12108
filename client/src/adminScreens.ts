import type { ComponentType } from 'react';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router-dom';

/**
 * The admin screens, each a chunk of its own so the public pages never download them. Routes and
 * prefetching call the same import(), so a chunk prefetched while signing in is the one the route
 * then renders (the browser and the module map download it once).
 */
type ScreenModule = Promise<{ default: ComponentType; loader?: LoaderFunction; shouldRevalidate?: ShouldRevalidateFunction }>;

export const adminScreens = {
  layout: (): ScreenModule => import('./frame/AdminLayout'),
  dashboard: (): ScreenModule => import('./tenants/DashboardPage'),
  settings: (): ScreenModule => import('./users/settings/SettingsPage'),
  myBookings: (): ScreenModule => import('./bookings/mine/MyBookingsPage'),
  roles: (): ScreenModule => import('./roles/RolesPage'),
  coupons: (): ScreenModule => import('./coupons/CouponsPage'),
  privacy: (): ScreenModule => import('./privacy/PrivacyPage'),
  bookings: (): ScreenModule => import('./bookings/staff/BookingsPage'),
  checkIn: (): ScreenModule => import('./bookings/checkIn/CheckInPage'),
  allocationRounds: (): ScreenModule => import('./allocation/RoundsPage'),
  allocation: (): ScreenModule => import('./allocation/AllocationPage'),
  instanceTenants: (): ScreenModule => import('./tenants/InstanceTenantsPage'),
  tenantEdit: (): ScreenModule => import('./tenants/edit/TenantEditPage'),
  tenantChangeLog: (): ScreenModule => import('./tenants/changeLog/TenantChangeLogPage'),
  tenantMembers: (): ScreenModule => import('./tenants/members/TenantMembersPage'),
  apiTokens: (): ScreenModule => import('./tenants/apiTokens/ApiTokensPage'),
  calendarFeeds: (): ScreenModule => import('./tenants/calendarFeeds/CalendarFeedsPage'),
  webhooks: (): ScreenModule => import('./tenants/webhooks/WebhooksPage'),
  instanceSettings: (): ScreenModule => import('./instance/InstanceSettingsPage'),
  usersAdmin: (): ScreenModule => import('./users/admin/UsersAdminPage'),
  bookableList: (): ScreenModule => import('./bookables/list/BookableListPage'),
  bookableEdit: (): ScreenModule => import('./bookables/editor/BookableEditPage'),
  eventList: (): ScreenModule => import('./events/list/EventListPage'),
  simpleEvent: (): ScreenModule => import('./events/simple/SimpleEventPage'),
  /** The event wizard's layout; its steps (child routes) come from the same chunk. */
  eventWizard: (): Promise<typeof import('./events/wizard/EventWizardPage')> => import('./events/wizard/EventWizardPage'),
};

/** A route's `lazy`: the screen's chunk as the route's component. */
/** A route's screen from its chunk, with the loader the chunk brings (a screen that reads ahead while it renders). */
export function lazyScreen(load: () => ScreenModule) {
  return async () => {
    const { default: Component, loader, shouldRevalidate } = await load();
    return { Component, ...(loader ? { loader } : {}), ...(shouldRevalidate ? { shouldRevalidate } : {}) };
  };
}

/**
 * Starts downloading the admin frame and the start page while the sign-in request is under way, so
 * the dashboard does not wait for them afterwards. Failures are left to the navigation, which loads
 * them again and shows its error page.
 */
export function prefetchStartScreen(): void {
  for (const load of [adminScreens.layout, adminScreens.dashboard]) load().catch(() => undefined);
}
