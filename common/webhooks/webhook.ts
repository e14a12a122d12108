/**
 * Webhooks of integrators: the events an endpoint may receive and the rules of its registration,
 * written once for the server (which enforces them) and the dialog (which checks before sending).
 * See docs/integrators.md, "Webhooks".
 */
import { z } from 'zod';
import { anyValue, asRecord, schemaMessages } from '../validation/schema.js';
import { invisibleControlsError } from '../validation/text.js';

export const webhookEventTypes = [
  'booking.created',
  'booking.changed',
  'booking.released',
  'booking.rejected',
  'booking.cancelled',
  'booking.paid',
  'booking.deleted',
  'event.created',
  'event.changed',
  'event.deleted',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Sent on request only ("Testereignis senden"), whatever the endpoint subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'booking.created': 'Buchung angelegt',
  'booking.changed': 'Buchung geändert',
  'booking.released': 'Buchung freigegeben',
  'booking.rejected': 'Buchung abgelehnt',
  'booking.cancelled': 'Buchung storniert',
  'booking.paid': 'Buchung bezahlt',
  'booking.deleted': 'Buchung gelöscht',
  'event.created': 'Veranstaltung angelegt',
  'event.changed': 'Veranstaltung geändert',
  'event.deleted': 'Veranstaltung gelöscht',
};

export const webhookLimits = { url: 2000, description: 200 } as const;

export const webhookMessages = {
  required: schemaMessages.required,
  url: 'Bitte geben Sie eine gültige Adresse (URL) an.',
  urlLength: `Maximal ${webhookLimits.url} Zeichen erlaubt.`,
  https: 'Die Adresse muss mit https:// beginnen.',
  privateAddress: 'Adressen im lokalen oder privaten Netz sind nicht erlaubt.',
  credentials: 'Die Adresse darf keinen Benutzernamen und kein Kennwort enthalten.',
  events: 'Bitte wählen Sie mindestens ein Ereignis.',
  unknownEvent: 'Unbekanntes Ereignis.',
  descriptionLength: `Maximal ${webhookLimits.description} Zeichen erlaubt.`,
} as const;

export interface WebhookEndpointInput {
  url: string;
  events: WebhookEventType[];
  description: string;
  includePersonalData: boolean;
}

const trimmed = anyValue().transform((value) => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : value));

/**
 * An endpoint to register or change: an http(s) URL without credentials, at least one known event,
 * an optional description. Whether plain http and private addresses are allowed is the server's
 * decision at registration and delivery (they are in development only).
 */
export function webhookEndpointInputSchema() {
  return z.preprocess(
    asRecord,
    z
      .object({ url: trimmed, events: anyValue(), description: trimmed, includePersonalData: anyValue() })
      .transform((raw, context): WebhookEndpointInput => {
        const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
        const url = typeof raw.url === 'string' ? raw.url : '';
        if (!url) issue('url', webhookMessages.required);
        else if (url.length > webhookLimits.url) issue('url', webhookMessages.urlLength);
        else if (invisibleControlsError(url)) issue('url', schemaMessages.invisibleControls);
        else {
          // common/ knows no URL class: the scheme and the authority are read by pattern; the server parses fully.
          const match = /^(https?):\/\/([^/?#\s]+)(?:[/?#]\S*)?$/i.exec(url);
          const authority = match?.[2] ?? '';
          if (!match || !authority.replace(/^.*@/, '').replace(/:\d*$/, '')) issue('url', webhookMessages.url);
          else if (authority.includes('@')) issue('url', webhookMessages.credentials);
        }
        const events = Array.isArray(raw.events) ? raw.events : [];
        if (events.length === 0) issue('events', webhookMessages.events);
        else if (!events.every((event) => typeof event === 'string' && (webhookEventTypes as readonly string[]).includes(event))) issue('events', webhookMessages.unknownEvent);
        const description = typeof raw.description === 'string' ? raw.description : '';
        if (description.length > webhookLimits.description) issue('description', webhookMessages.descriptionLength);
        // The description is the endpoint's name in the list.
        else if (invisibleControlsError(description)) issue('description', schemaMessages.invisibleControls);
        return {
          url,
          events: webhookEventTypes.filter((type) => events.includes(type)),
          description,
          includePersonalData: raw.includePersonalData === true,
        };
      }),
  );
}
