/**
 * Only same-site paths are followed after sign-in: a redirectUrl from the query string must not
 * send the user to another site ("//evil.example" or "https://…").
 */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export const DEFAULT_AFTER_LOGIN = '/admin/dashboard';
