import { z } from 'zod';
import { canEditBookables, canReadSome, hasFlag } from '../permissions/permissions.js';
import type { Permissions } from '../permissions/model.js';
import { anyValue, asRecord, schemaMessages } from '../validation/schema.js';
import { invisibleControlsError } from '../validation/text.js';

/**
 * Calendar feeds (iCalendar subscriptions, docs/integrators.md): a secret URL per feed. `staff`
 * feeds show the customer and the status, `public` ones only that an object is taken.
 */
export const calendarFeedKinds = ['staff', 'public'] as const;
export type CalendarFeedKind = (typeof calendarFeedKinds)[number];

export const CALENDAR_FEED_TOKEN_PREFIX = 'bpc_';
/** The characters of the token the list shows to recognise a feed (the prefix and a few more). */
export const CALENDAR_FEED_SHOWN_CHARS = 10;

export const calendarFeedKindLabels: Record<CalendarFeedKind, string> = {
  staff: 'intern mit Kundendaten',
  public: 'öffentlich, nur belegt',
};

export const calendarFeedLimits = { name: 100 } as const;

export const calendarFeedMessages = {
  required: schemaMessages.required,
  nameLength: `Maximal ${calendarFeedLimits.name} Zeichen erlaubt.`,
  bookableId: 'Das Objekt gibt es in diesem Mandanten nicht.',
  publicNeedsBookable: 'Ein öffentliches Abo gilt für genau ein Objekt.',
  publicBookable: 'Ein öffentliches Abo ist nur für ein öffentliches Objekt möglich.',
} as const;

/** Who may see and manage the tenant's feeds at all: staff who read bookings or edit objects. */
export function canManageCalendarFeeds(permissions: Permissions, tenantId: string): boolean {
  return canReadSome(permissions, tenantId, 'manageBookings') || canEditBookables(permissions, tenantId);
}

/** A feed with customer data shows every booking: only for those who may read all of them. */
export function canCreateStaffCalendarFeed(permissions: Permissions, tenantId: string): boolean {
  return hasFlag(permissions, tenantId, 'manageBookings', 'readAny');
}

export interface CalendarFeedInput {
  name: string;
  /** Null: every object of the tenant (staff feeds only). */
  bookableId: string | null;
  personal: boolean;
}

const optionalText = anyValue().transform((value) => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : value));

/** A feed to create: a name; a public one needs its object. */
export function calendarFeedInputSchema() {
  return z.preprocess(
    asRecord,
    z
      .object({ name: optionalText, bookableId: optionalText, personal: anyValue() })
      .transform((raw, context): CalendarFeedInput => {
        const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
        const name = typeof raw.name === 'string' ? raw.name : '';
        if (!name) issue('name', calendarFeedMessages.required);
        else if (name.length > calendarFeedLimits.name) issue('name', calendarFeedMessages.nameLength);
        else if (invisibleControlsError(name)) issue('name', schemaMessages.invisibleControls);
        const bookableId = raw.bookableId === '' ? null : raw.bookableId;
        if (bookableId !== null && typeof bookableId !== 'string') issue('bookableId', calendarFeedMessages.bookableId);
        const personal = raw.personal === true;
        if (!personal && bookableId === null) issue('bookableId', calendarFeedMessages.publicNeedsBookable);
        return { name, bookableId: bookableId as string | null, personal };
      }),
  );
}
