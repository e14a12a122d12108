import { WEBHOOK_TEST_EVENT, webhookEventLabels, type WebhookEventType } from '../../../../common/webhooks/webhook';

/** The German texts of the webhooks screen and its dialogs. */
export const webhookTexts = {
  title: 'Webhooks',
  intro:
    'Ein Webhook meldet Buchungen und Veranstaltungen dieses Mandanten sofort an ein anderes System (z. B. das Finanzsystem): Die Plattform sendet jedes gewählte Ereignis signiert an die angegebene Adresse und wiederholt fehlgeschlagene Zustellungen bis zu zwei Tage lang.',
  create: 'Webhook anlegen',
  remove: 'Löschen',
  removeQuestion: (url: string) => `Möchten Sie den Webhook an ${url} wirklich löschen? Sein Zustellprotokoll wird mitgelöscht, wartende Zustellungen entfallen.`,
  secretOnce: 'Dieses Signatur-Geheimnis wird nur jetzt angezeigt.',
  secretHint: 'Hinterlegen Sie es im empfangenden System: Damit prüft es die Signatur (Kopfzeile webhook-signature) jeder Zustellung. Es lässt sich später nicht mehr anzeigen.',
  secretLabel: 'Signatur-Geheimnis',
  copied: { title: 'Geheimnis kopiert', message: 'Das Signatur-Geheimnis liegt in der Zwischenablage.' },
  copyFailed: { title: 'Kopieren nicht möglich', message: 'Bitte markieren und kopieren Sie das Geheimnis selbst.' },
  created: { title: 'Webhook angelegt' },
  createError: { title: 'Webhook nicht angelegt', message: 'Bitte versuchen Sie es erneut.' },
  removed: { title: 'Webhook gelöscht' },
  removeError: { title: 'Webhook nicht gelöscht', message: 'Bitte versuchen Sie es erneut.' },
  log: 'Protokoll',
  logTitle: (url: string) => `Zustellprotokoll: ${url}`,
  sendTest: 'Testereignis senden',
  testQueued: { title: 'Testereignis wird gesendet' },
  testError: { title: 'Testereignis nicht gesendet', message: 'Bitte versuchen Sie es erneut.' },
  redeliver: 'Erneut senden',
  redelivered: { title: 'Zustellung wird wiederholt' },
  redeliverError: { title: 'Nicht erneut gesendet', message: 'Bitte versuchen Sie es erneut.' },
  enable: 'Aktivieren',
  enabled: { title: 'Webhook aktiviert' },
  enableError: { title: 'Webhook nicht aktiviert', message: 'Bitte versuchen Sie es erneut.' },
  noDeliveries: 'Noch keine Zustellungen.',
  more: 'Ältere laden',
  refresh: 'Aktualisieren',
} as const;

export const eventLabel = (type: string): string => (type === WEBHOOK_TEST_EVENT ? 'Testereignis' : (webhookEventLabels[type as WebhookEventType] ?? type));

export type EndpointStatus = 'active' | 'failing' | 'disabled';

export function endpointStatusOf(endpoint: { disabledAt?: unknown; failingSince?: unknown }): EndpointStatus {
  if (endpoint.disabledAt) return 'disabled';
  return endpoint.failingSince ? 'failing' : 'active';
}

export const endpointStatusLabels: Record<EndpointStatus, string> = { active: 'Aktiv', failing: 'Zustellung gestört', disabled: 'Deaktiviert' };

export const deliveryStatusLabels: Record<string, string> = { PENDING: 'Ausstehend', SUCCEEDED: 'Zugestellt', FAILED: 'Fehlgeschlagen' };
