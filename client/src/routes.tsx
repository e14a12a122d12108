import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Lazy } from './shared/Lazy';
import { RootLayout } from './shared/RootLayout';
import { type BookableKind, bookableKinds } from './bookables/list/bookableKinds';
import { RouteError } from './shared/RouteError';
import type { RouteHandle } from './shared/title';
import { EmailVerifiedPage } from './users/EmailVerifiedPage';
import { LoginPage } from './users/LoginPage';
import { PasswordConfirmedPage } from './users/PasswordConfirmedPage';
import { PasswordResetPage } from './users/PasswordResetPage';
import { RegisterPage } from './users/RegisterPage';
import { SsoLoginPage } from './users/SsoLoginPage';
import { WelcomePage } from './users/WelcomePage';

// Admin screens are separate chunks: the public pages never download them.
const AdminLayout = lazy(() => import('./shared/layout/AdminLayout'));
const DashboardPage = lazy(() => import('./tenants/DashboardPage'));
const SettingsPage = lazy(() => import('./users/settings/SettingsPage'));
const RolesPage = lazy(() => import('./roles/RolesPage'));
const CouponsPage = lazy(() => import('./coupons/CouponsPage'));
const InstanceTenantsPage = lazy(() => import('./tenants/InstanceTenantsPage'));
const TenantEditPage = lazy(() => import('./tenants/edit/TenantEditPage'));
const TenantMembersPage = lazy(() => import('./tenants/members/TenantMembersPage'));
const InstanceSettingsPage = lazy(() => import('./instance/InstanceSettingsPage'));
const UsersAdminPage = lazy(() => import('./users/admin/UsersAdminPage'));
const BookableListPage = lazy(() => import('./bookables/list/BookableListPage'));
const BookableEditPage = lazy(() => import('./bookables/editor/BookableEditPage'));

const handle = (value: RouteHandle) => value;

/**
 * A bookable type's list, edit and create routes (specification 02 section 2); the type travels in
 * the handle. `editPaths` are relative to /admin (resources: both /ressourcen/edit and the
 * specification's /resources/edit).
 */
function bookableRoutes(kind: BookableKind, editPaths: string[]) {
  const base = { interface: kind.interface, bookableType: kind.type };
  const segment = kind.listPath.replace('/admin/', '');
  return [
    { path: segment, element: <Lazy component={BookableListPage} />, handle: handle({ ...base, title: kind.title }) },
    ...editPaths.map((path) => ({ path, element: <Lazy component={BookableEditPage} />, handle: handle({ ...base, title: 'Buchungsobjekt bearbeiten' }) })),
    { path: `${segment}/create`, element: <Lazy component={BookableEditPage} />, handle: handle({ ...base, title: 'Buchungsobjekt erstellen' }) },
  ];
}

/** The route table of specification 01 section 2 (history mode, base /). */
export const routes = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage />, handle: handle({ title: 'Anmelden' }) },
      { path: '/login/sso', element: <SsoLoginPage />, handle: handle({ title: 'Single Sign-on' }) },
      { path: '/registrieren', element: <RegisterPage />, handle: handle({ title: 'Registrieren' }) },
      { path: '/willkommen', element: <WelcomePage />, handle: handle({ title: 'Willkommen' }) },
      { path: '/email/verify', element: <EmailVerifiedPage />, handle: handle({ title: 'E-Mail-Adresse bestätigt' }) },
      { path: '/password/reset', element: <PasswordResetPage />, handle: handle({ title: 'Passwort vergessen' }) },
      { path: '/password/confirmed', element: <PasswordConfirmedPage />, handle: handle({ title: 'Passwort geändert' }) },
      {
        path: '/admin',
        element: <Lazy component={AdminLayout} />,
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          { path: 'dashboard', element: <Lazy component={DashboardPage} />, handle: handle({ title: 'Mandanten', interface: 'dashboard' }) },
          { path: 'rollen', element: <Lazy component={RolesPage} />, handle: handle({ title: 'Rollen', interface: 'roles' }) },
          { path: 'gutscheine', element: <Lazy component={CouponsPage} />, handle: handle({ title: 'Gutscheine', interface: 'coupons' }) },
          { path: 'instanz/mandanten', element: <Lazy component={InstanceTenantsPage} />, handle: handle({ title: 'Mandanten', interface: 'instance' }) },
          { path: 'mandanten', element: <Lazy component={TenantEditPage} />, handle: handle({ title: 'Mandant verwalten', interface: 'tenants' }) },
          { path: 'benutzer', element: <Lazy component={TenantMembersPage} />, handle: handle({ title: 'Mandant Benutzer', interface: 'users' }) },
          { path: 'instanz', element: <Lazy component={InstanceSettingsPage} />, handle: handle({ title: 'Instanz verwalten', interface: 'instance' }) },
          { path: 'instanz/benutzer', element: <Lazy component={UsersAdminPage} />, handle: handle({ title: 'Benutzer', interface: 'instance' }) },
          ...bookableRoutes(bookableKinds.event_location, ['veranstaltungsorte/edit']),
          ...bookableRoutes(bookableKinds.room, ['raeume/edit']),
          ...bookableRoutes(bookableKinds.resource, ['resources/edit', 'ressourcen/edit']),
          ...bookableRoutes(bookableKinds.ticket, ['tickets/edit']),
          { path: 'einstellungen', element: <Lazy component={SettingsPage} />, handle: handle({ title: 'Einstellungen', interface: 'settings' }) },
          { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
]);
