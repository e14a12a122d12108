import { apiTokenPresetLabels, type ApiTokenPreset } from '../../../../common/tokens/api-token';

/** The German texts of the API access screen and its dialogs. */
export const apiTokenTexts = {
  title: 'API-Zugänge',
  intro:
    'Mit einem API-Zugang rufen andere Systeme (die Website, eine Raumanzeige, das Finanzsystem) die Schnittstelle dieses Mandanten auf – ohne Passwort, nur mit den Rechten, die Sie hier festlegen.',
  create: 'Zugang erstellen',
  revoke: 'Widerrufen',
  revokeQuestion: (name: string) => `Möchten Sie den API-Zugang „${name}“ wirklich widerrufen? Systeme, die ihn benutzen, erhalten danach keinen Zugriff mehr.`,
  secretOnce: 'Dieser Schlüssel wird nur jetzt angezeigt.',
  secretHint: 'Kopieren Sie ihn jetzt und hinterlegen Sie ihn sicher im System, das ihn benutzt. Gespeichert wird nur ein Fingerabdruck; verloren gegangene Schlüssel lassen sich nicht wiederherstellen, nur widerrufen und neu erstellen.',
  secretLabel: 'API-Schlüssel',
  copied: { title: 'Schlüssel kopiert', message: 'Der API-Schlüssel liegt in der Zwischenablage.' },
  copyFailed: { title: 'Kopieren nicht möglich', message: 'Bitte markieren und kopieren Sie den Schlüssel selbst.' },
  created: { title: 'API-Zugang erstellt' },
  createError: { title: 'API-Zugang nicht erstellt', message: 'Bitte versuchen Sie es erneut.' },
  revoked: { title: 'API-Zugang widerrufen' },
  revokeError: { title: 'API-Zugang nicht widerrufen', message: 'Bitte versuchen Sie es erneut.' },
} as const;

/** The rights of a token as the list names them: the preset, or the role. */
export function rightsLabel(token: { preset?: string | null; roleName?: string | null; roleId?: string | null }): string {
  if (token.preset) return apiTokenPresetLabels[token.preset as ApiTokenPreset] ?? token.preset;
  return `Rolle: ${token.roleName ?? token.roleId ?? '–'}`;
}

export type ApiTokenStatus = 'active' | 'revoked' | 'expired';

export function statusOf(token: { revokedAt?: unknown; expiresAt: unknown }, now = Date.now()): ApiTokenStatus {
  if (token.revokedAt) return 'revoked';
  return new Date(token.expiresAt as string).getTime() <= now ? 'expired' : 'active';
}

export const statusLabels: Record<ApiTokenStatus, string> = { active: 'Aktiv', revoked: 'Widerrufen', expired: 'Abgelaufen' };
