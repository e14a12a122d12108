import { Spinner } from '@blueprintjs/core';
import { createBrowserRouter, Navigate, useLocation } from 'react-router-dom';
import { adminScreens, lazyScreen, prefetchStartScreen } from './adminScreens';
import { RootLayout } from './shared/RootLayout';
import { type BookableKind, bookableKinds } from './bookables/list/bookableKinds';
import { stepUrl, wizardHeading, type WizardMode, wizardSteps } from './events/wizard/wizardSteps';
import { adminLoader, dashboardLoader, revalidateOnPathChange } from './shared/guard/adminLoader';
import { AdminNotFoundPage, PublicNotFoundPage } from './shared/NotFoundPage';
import { RouteError } from './shared/RouteError';
import type { RouteHandle } from './shared/title';
import { LoginPage } from './users/LoginPage';

const handle = (value: RouteHandle) => value;

/**
 * A bookable type's list, edit and create routes; the type travels in
 * the handle. `editPaths` are relative to /admin (resources: both /ressourcen/edit and the
 * original product's /resources/edit).
 */
function bookableRoutes(kind: BookableKind, editPaths: string[]) {
  const base = { interface: kind.interface, bookableType: kind.type };
  const segment = kind.listPath.replace('/admin/', '');
  return [
    { path: segment, lazy: lazyScreen(adminScreens.bookableList), handle: handle({ ...base, title: kind.title }) },
    ...editPaths.map((path) => ({ path, lazy: lazyScreen(adminScreens.bookableEdit), handle: handle({ ...base, title: 'Buchungsobjekt bearbeiten' }) })),
    { path: `${segment}/create`, lazy: lazyScreen(adminScreens.bookableEdit), handle: handle({ ...base, title: 'Buchungsobjekt erstellen' }) },
  ];
}

/** /einlass?code=… (the QR code of a ticket) leads to the staff's check-in page with the code; signing in keeps it. */
function CheckInLinkRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/admin/einlass${search}`} replace />;
}

/** The wizard's bare address leads to its first step, keeping ?id= of edit mode. */
function EventWizardStart({ mode }: { mode: WizardMode }) {
  const { search } = useLocation();
  return <Navigate to={`${stepUrl(mode, 0)}${search}`} replace />;
}

/**
 * The event wizard: veranstaltungen/create/… and
 * veranstaltungen/edit/…?id=, a layout holding the form with one child route per step (the step
 * screens come from the layout's chunk). The bare path leads to the first step, keeping ?id=.
 */
function eventWizardRoutes(mode: WizardMode) {
  const title = wizardHeading(mode);
  return {
    path: `veranstaltungen/${mode}`,
    lazy: lazyScreen(adminScreens.eventWizard),
    handle: handle({ title, interface: 'events' }),
    children: [
      { index: true, element: <EventWizardStart mode={mode} /> },
      ...wizardSteps.map((step) => ({
        path: step.path,
        lazy: async () => ({ Component: (await adminScreens.eventWizard()).wizardStepScreens[step.key] }),
        handle: handle({ title: `${title}: ${step.label}`, interface: 'events' }),
      })),
    ],
  };
}

/**
 * The route table (history mode, base /; docs/api.md lists the addresses). Admin screens are `lazy`
 * routes: on a navigation the router downloads every matched screen's chunk and runs the loaders
 * (the session check, the tenant list) all at once, and shows the screen when everything is there.
 */
export const routes = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // A hard load of an admin path waits for the session check before the first render.
    hydrateFallbackElement: <Spinner className="app-loading" aria-label="Daten werden geladen..." />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      // The sign-in page is in the entry chunk (the start page, '/' leads there); the other account pages,
      // rarely visited, are chunks of their own, so the booking pages do not download them.
      { path: '/login', element: <LoginPage onSigningIn={prefetchStartScreen} />, handle: handle({ title: 'Anmelden' }) },
      { path: '/login/sso', lazy: lazyScreen(() => import('./users/SsoLoginPage')), handle: handle({ title: 'Single Sign-on' }) },
      { path: '/registrieren', lazy: lazyScreen(() => import('./users/RegisterPage')), handle: handle({ title: 'Registrieren' }) },
      { path: '/willkommen', lazy: lazyScreen(() => import('./users/WelcomePage')), handle: handle({ title: 'Willkommen' }) },
      { path: '/email/verify', lazy: lazyScreen(() => import('./users/EmailConfirmationPage')), handle: handle({ title: 'E-Mail-Adresse bestätigen' }) },
      { path: '/password/reset', lazy: lazyScreen(() => import('./users/PasswordResetPage')), handle: handle({ title: 'Passwort vergessen' }) },
      { path: '/password/new', lazy: lazyScreen(() => import('./users/NewPasswordPage')), handle: handle({ title: 'Neues Passwort festlegen' }) },
      { path: '/password/confirmed', lazy: lazyScreen(() => import('./users/PasswordConfirmedPage')), handle: handle({ title: 'Passwort geändert' }) },
      // Booking without an account: chunks of their own, so neither they nor the admin screens load each other.
      { path: '/buchen/:tenantId', lazy: lazyScreen(() => import('./portal/BookingPortalPage')), handle: handle({ title: 'Online buchen' }) },
      // A club's application to a tenant's allocation round (needs an account; the page leads to the sign-in).
      { path: '/vergabe/:tenantId', lazy: lazyScreen(() => import('./allocation/ApplyPage')), handle: handle({ title: 'Bewerbung um Hallenzeiten' }) },
      { path: '/checkout', lazy: lazyScreen(() => import('./checkout/CheckoutPage')), handle: handle({ title: 'Buchen' }) },
      { path: '/payment/redirection', lazy: lazyScreen(() => import('./payments/PaymentRedirectionPage')), handle: handle({ title: 'Bezahlen' }) },
      { path: '/checkout/status', lazy: lazyScreen(() => import('./checkout/CheckoutStatusPage')), handle: handle({ title: 'Buchungsbestätigung' }) },
      // "Meine Buchungen" for guests: asking for the mailed link, and the list it opens.
      { path: '/meine-buchungen', lazy: lazyScreen(() => import('./bookings/mine/GuestBookingsRequestPage')), handle: handle({ title: 'Meine Buchungen' }) },
      { path: '/meine-buchungen/link', lazy: lazyScreen(() => import('./bookings/mine/GuestBookingsPage')), handle: handle({ title: 'Meine Buchungen' }) },
      { path: '/booking/status/:tenantId', lazy: lazyScreen(() => import('./bookings/public/BookingStatusPage')), handle: handle({ title: 'Status Ihrer Buchung' }) },
      { path: '/booking/request-reject/:tenantId', lazy: lazyScreen(() => import('./bookings/public/RequestCancellationPage')), handle: handle({ title: 'Stornierung anfragen' }) },
      { path: '/booking/verify-reject/:tenantId', lazy: lazyScreen(() => import('./bookings/public/ConfirmCancellationPage')), handle: handle({ title: 'Stornierung bestätigen' }) },
      // The link in a ticket's QR code: the check-in page in the admin area, which checks the code itself.
      { path: '/einlass', element: <CheckInLinkRedirect /> },
      {
        path: '/admin',
        lazy: lazyScreen(adminScreens.layout),
        loader: adminLoader,
        shouldRevalidate: revalidateOnPathChange,
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          {
            path: 'dashboard',
            lazy: lazyScreen(adminScreens.dashboard),
            loader: dashboardLoader,
            handle: handle({ title: 'Mandanten', interface: 'dashboard' }),
          },
          { path: 'rollen', lazy: lazyScreen(adminScreens.roles), handle: handle({ title: 'Rollen', interface: 'roles' }) },
          { path: 'buchungen', lazy: lazyScreen(adminScreens.bookings), handle: handle({ title: 'Buchungen', interface: 'bookings' }) },
          { path: 'vergaberunden', lazy: lazyScreen(adminScreens.allocationRounds), handle: handle({ title: 'Vergaberunden', interface: 'bookings' }) },
          { path: 'vergaberunden/:roundId', lazy: lazyScreen(adminScreens.allocation), handle: handle({ title: 'Vergaberunde', interface: 'bookings' }) },
          { path: 'einlass', lazy: lazyScreen(adminScreens.checkIn), handle: handle({ title: 'Einlass', interface: 'bookings' }) },
          { path: 'gutscheine', lazy: lazyScreen(adminScreens.coupons), handle: handle({ title: 'Gutscheine', interface: 'coupons' }) },
          { path: 'instanz/mandanten', lazy: lazyScreen(adminScreens.instanceTenants), handle: handle({ title: 'Mandanten', interface: 'instance' }) },
          { path: 'mandanten', lazy: lazyScreen(adminScreens.tenantEdit), handle: handle({ title: 'Mandant verwalten', interface: 'tenants' }) },
          { path: 'mandanten/protokoll', lazy: lazyScreen(adminScreens.tenantChangeLog), handle: handle({ title: 'Änderungsprotokoll', interface: 'tenants' }) },
          { path: 'mandanten/api-zugaenge', lazy: lazyScreen(adminScreens.apiTokens), handle: handle({ title: 'API-Zugänge', interface: 'tenants' }) },
          { path: 'mandanten/kalender', lazy: lazyScreen(adminScreens.calendarFeeds), handle: handle({ title: 'Kalender-Abos', interface: 'bookings' }) },
          { path: 'mandanten/webhooks', lazy: lazyScreen(adminScreens.webhooks), handle: handle({ title: 'Webhooks', interface: 'tenants' }) },
          { path: 'benutzer', lazy: lazyScreen(adminScreens.tenantMembers), handle: handle({ title: 'Mandant Benutzer', interface: 'users' }) },
          { path: 'datenschutz', lazy: lazyScreen(adminScreens.privacy), handle: handle({ title: 'Datenschutz', interface: 'tenants' }) },
          { path: 'instanz', lazy: lazyScreen(adminScreens.instanceSettings), handle: handle({ title: 'Instanz verwalten', interface: 'instance' }) },
          { path: 'instanz/benutzer', lazy: lazyScreen(adminScreens.usersAdmin), handle: handle({ title: 'Benutzer', interface: 'instance' }) },
          ...bookableRoutes(bookableKinds.event_location, ['veranstaltungsorte/edit']),
          ...bookableRoutes(bookableKinds.room, ['raeume/edit']),
          ...bookableRoutes(bookableKinds.resource, ['resources/edit', 'ressourcen/edit']),
          ...bookableRoutes(bookableKinds.ticket, ['tickets/edit']),
          { path: 'veranstaltungen', lazy: lazyScreen(adminScreens.eventList), handle: handle({ title: 'Veranstaltungen', interface: 'events' }) },
          {
            path: 'veranstaltungen/create/simple-event',
            lazy: lazyScreen(adminScreens.simpleEvent),
            handle: handle({ title: 'Einfache Event-Erstellung', interface: 'events' }),
          },
          eventWizardRoutes('create'),
          eventWizardRoutes('edit'),
          { path: 'meine-buchungen', lazy: lazyScreen(adminScreens.myBookings), handle: handle({ title: 'Meine Buchungen', interface: 'settings' }) },
          { path: 'einstellungen', lazy: lazyScreen(adminScreens.settings), handle: handle({ title: 'Einstellungen', interface: 'settings' }) },
          { path: '*', element: <AdminNotFoundPage />, handle: handle({ title: 'Seite nicht gefunden' }) },
        ],
      },
      { path: '*', element: <PublicNotFoundPage />, handle: handle({ title: 'Seite nicht gefunden' }) },
    ],
  },
]);
