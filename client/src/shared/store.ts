import { useSyncExternalStore } from 'react';
import type { MyTenantsQuery, PublicInstanceQuery, SessionFieldsFragment } from '../gql/graphql';

/**
 * The client-side state (docs/administration.md, “Admin client conventions”), one local-storage key per field:
 * user, tenants, currentTenantId, tenant, instance, authStore. A tiny external store (read with
 * useSyncExternalStore) rather than a context, so non-React code (guard, logout) can use it too.
 */

/** The signed-in user with the permissions computed by the server. */
export type SessionUser = SessionFieldsFragment['user'] & { permissions: SessionFieldsFragment['permissions'] };
export type TenantSummary = MyTenantsQuery['tenants'][number];
export type PublicInstance = PublicInstanceQuery['publicInstance'];
/** Where to go after signing in (the post-login next URL). */
export interface AuthStore {
  nextUrl: string | null;
}

export interface AppState {
  user: SessionUser | null;
  tenants: TenantSummary[];
  currentTenantId: string | null;
  tenant: TenantSummary | null;
  instance: PublicInstance | null;
  authStore: AuthStore;
}

const initialState: AppState = {
  user: null,
  tenants: [],
  currentTenantId: null,
  tenant: null,
  instance: null,
  authStore: { nextUrl: null },
};

const storageKeys = Object.keys(initialState) as (keyof AppState)[];

function read<K extends keyof AppState>(key: K): AppState[K] {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? initialState[key] : (JSON.parse(raw) as AppState[K]);
  } catch {
    // Unparsable leftovers (another version, manual edits) count as absent.
    return initialState[key];
  }
}

function restore(): AppState {
  const state = { ...initialState };
  for (const key of storageKeys) (state as Record<keyof AppState, unknown>)[key] = read(key);
  return state;
}

let state: AppState = restore();
const listeners = new Set<() => void>();

function update(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const key of Object.keys(patch) as (keyof AppState)[]) {
    const value = state[key];
    if (value === null || value === initialState[key]) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed out or switched tenant: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === null || storageKeys.includes(event.key as keyof AppState)) {
    state = restore();
    listeners.forEach((listener) => listener());
  }
});

export function getState(): AppState {
  return state;
}

export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}

/** Stores the signed-in user; the same answer again (every admin navigation asks) changes nothing. */
export function setSession(session: SessionFieldsFragment): void {
  const user = { ...session.user, permissions: session.permissions };
  if (JSON.stringify(user) === JSON.stringify(state.user)) return;
  update({ user });
}

/** Merges changed profile fields into the stored user. */
export function updateUser(patch: Partial<SessionFieldsFragment['user']>): void {
  if (state.user) update({ user: { ...state.user, ...patch } });
}

/** Stores the user's tenants; drops a selected tenant the user no longer belongs to. */
export function setTenants(tenants: TenantSummary[]): void {
  const current = tenants.find((tenant) => tenant.id === state.currentTenantId) ?? null;
  update({ tenants, tenant: current, currentTenantId: current?.id ?? null });
}

export function selectTenant(tenant: TenantSummary | null): void {
  update({ tenant, currentTenantId: tenant?.id ?? null });
}

export function setInstance(instance: PublicInstance): void {
  update({ instance });
}

export function setNextUrl(nextUrl: string | null): void {
  update({ authStore: { nextUrl } });
}

/** Returns the post-login next URL once and forgets it. */
export function takeNextUrl(): string | null {
  const { nextUrl } = state.authStore;
  if (nextUrl !== null) setNextUrl(null);
  return nextUrl;
}

/** A failed or negative session check: the stored user is no longer valid. */
export function clearUser(): void {
  update({ user: null });
}

/** Logout: forget everything the user left behind. */
export function resetState(): void {
  update({ ...initialState });
}
