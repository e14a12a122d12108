import { CombinedGraphQLErrors } from '@apollo/client';
import type { Intent, Toaster } from '@blueprintjs/core';

/**
 * Toasts (docs/administration.md, “Admin client conventions”): title, message, close icon, top right,
 * 4000 ms.
 */
export type ToastType = 'success' | 'danger' | 'warning' | 'primary';

export interface Notification {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds; -1 keeps the toast until it is closed. */
  timeout?: number;
  /** A link in the toast ("Öffnen"), opened in a new tab. */
  link?: { text: string; href: string };
}

export const DEFAULT_TOAST_TIMEOUT = 4000;
const FLASH_KEY = 'flashToast';

const icons: Record<ToastType, 'tick-circle' | 'error' | 'warning-sign' | 'info-sign'> = {
  success: 'tick-circle',
  danger: 'error',
  warning: 'warning-sign',
  primary: 'info-sign',
};

let toasterCode: Promise<typeof import('./toaster')> | undefined;
let toaster: Promise<Toaster> | undefined;

/** The toaster's code is a chunk of its own (shared/toaster.ts); a failed download is tried again next time. */
function loadToasterCode(): Promise<typeof import('./toaster')> {
  toasterCode ??= import('./toaster').catch((error: unknown) => {
    toasterCode = undefined;
    throw error;
  });
  return toasterCode;
}

function getToaster(): Promise<Toaster> {
  toaster ??= loadToasterCode().then(
    ({ createToaster }) => createToaster(),
    (error: unknown) => {
      toaster = undefined;
      throw error;
    },
  );
  return toaster;
}

/**
 * Downloads the toaster's code on the user's first key press or pointer press, so it is there when
 * the answer to what they do next needs a toast (also when the network is gone by then), while a
 * page that is only looked at does not download it.
 */
export function prepareToasts(): void {
  const events = ['pointerdown', 'keydown'] as const;
  const prepare = () => {
    for (const event of events) window.removeEventListener(event, prepare, true);
    loadToasterCode().catch(() => undefined);
  };
  for (const event of events) window.addEventListener(event, prepare, true);
}

export function notify({ type, title, message, timeout = DEFAULT_TOAST_TIMEOUT, link }: Notification): void {
  getToaster().then((instance) =>
    instance.show({
      intent: type as Intent,
      icon: icons[type],
      // Blueprint treats 0 as "no timeout"; our callers say -1 for that.
      timeout: timeout === -1 ? 0 : timeout,
      ...(link ? { action: { text: link.text, href: link.href, target: '_blank' } } : {}),
      message: (
        <div className="app-toast">
          <strong className="app-toast-title">{title}</strong>
          {message ? <div className="app-toast-message">{message}</div> : null}
        </div>
      ),
    }),
    (error: unknown) => console.error(`Meldung „${title}“ nicht angezeigt: Programmteil nicht geladen`, error),
  );
}

/**
 * Shows a toast on the next page load (logout reloads the root page, which would drop a toast
 * shown before the reload). Kept in sessionStorage, not among the app's local-storage state.
 */
export function notifyAfterReload(notification: Notification): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify(notification));
}

export function showPendingNotification(): void {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    notify(JSON.parse(raw) as Notification);
  } catch {
    // A malformed leftover is simply dropped.
  }
}

export interface ErrorInfo {
  /** GraphQL `extensions.code`, e.g. AUTH_LOGIN_FAILED; undefined for network failures. */
  code: string | undefined;
  title: string | undefined;
  message: string | undefined;
}

/** Reads the first GraphQL error's code, German title and message. */
export function errorInfo(error: unknown): ErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const extensions = first?.extensions ?? {};
    return {
      code: typeof extensions.code === 'string' ? extensions.code : undefined,
      title: typeof extensions.title === 'string' ? extensions.title : undefined,
      message: first?.message,
    };
  }
  return { code: undefined, title: undefined, message: undefined };
}

/** Toast for a failed call: the server's title and message, else the given fallback. */
export function notifyError(error: unknown, fallback: { title: string; message: string }): void {
  const info = errorInfo(error);
  notify({ type: 'danger', title: info.title ?? fallback.title, message: info.title ? info.message : fallback.message });
}
