import { cancellationPolicyLines, commonPolicy, policyOrDefault, type CancellationPolicy } from '../../../common/bookables/cancellation-policy.js';
import { paymentWayLabel } from '../../../common/bookings/labels.js';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { formatBerlinDateTime, formatBerlinSlot, formatEuro } from '../../../common/format/german.js';
import { PRIVACY_LINK_LABEL, privacyFooterText, shownPrivacy } from '../../../common/tenants/privacy.js';
import { escapeHtml } from '../mail/mail.service.js';
import { defaultGenericMailTemplate } from '../tenants/default-templates.js';
import { bookingMailKinds, type BookingMailKind, type BookingMailPayload } from './booking.jobs.js';
import type { BookingView } from './booking.model.js';

/**
 * The booking mails 1, 2, 3, 4, 7, 8 and 9 (docs/bookings.md, “Booking mails”): composed as pure
 * data from the booking and the tenant, and rendered into the tenant's mail template. Sending them
 * is BookingMailer's part (booking.mails.ts).
 */

/** The tenant fields a booking mail needs. */
export interface BookingMailTenant {
  id: string;
  name: string;
  mail: string;
  enablePublicStatusView: boolean;
  /** Whom the customer reaches at the tenant (the customers' mails name them); absent or empty: left out. */
  contactName?: string;
  phone?: string;
  /** The privacy notice and the link to the privacy statement: the footer of the customers' mails; absent or empty: none. */
  privacyNotice?: string;
  privacyPolicyLink?: string;
}

export interface BookingMailInput {
  booking: BookingView;
  tenant: BookingMailTenant;
  /** The product's public address (PUBLIC_URL) the links lead to. */
  publicUrl: string;
  /** rejected, declined: the reason. */
  reason?: string;
  /** rejected, tenant-refund-due of a citizen's cancellation under the object's policy: what is given back, in cents. */
  refundCents?: number;
  /** cancellation-requested: the hook id the confirmation link carries. */
  hookId?: string;
  /** organizer-new-booking: the organiser's address. */
  to?: string;
  /** confirmed: the receipt is attached (the mail then points to it). */
  receiptAttached?: boolean;
  /** The events of the booked tickets, by id (the booking block names their date and place). */
  ticketEvents?: ReadonlyMap<string, TicketEventFacts>;
  /** The booking is a date of a series: the mail names every date (one mail for the series, not one per date). */
  series?: SeriesMailFacts;
}

/**
 * A series as its mails name it: the rule in German and its dates that are not cancelled, earliest
 * first; for the one mail of a series action (`action`) the dates it cancelled or released.
 */
export interface SeriesMailFacts {
  description: string;
  dates: readonly { bookingId: string; timeBegin: number | null; timeEnd: number | null; priceEur: number; isPayed: boolean }[];
  action?: SeriesMailAction;
}

/** What a series action did to the dates its one mail names; `invoiced`: the dates the attached series invoice charges; `paid`: the dates the attached series receipt acknowledges. */
export type SeriesMailAction = 'cancelled' | 'declined' | 'released' | 'invoiced' | 'changed' | 'paid';

/**
 * A series action's mail opens by saying what happened to which dates (the single booking's opening
 * speaks of one booking); the invoice's mail keeps its own opening.
 */
const seriesActionOpening: Partial<Record<SeriesMailAction, (count: number, priceEur: number) => string[]>> = {
  cancelled: (count) => [count === 1 ? 'wir möchten Sie darüber informieren, dass der unten aufgeführte Termin Ihrer Serie storniert wurde.' : `wir möchten Sie darüber informieren, dass die unten aufgeführten ${count} Termine Ihrer Serie storniert wurden.`],
  declined: (count) => [count === 1 ? 'wir müssen Ihnen leider mitteilen, dass der unten aufgeführte Termin Ihrer Serienanfrage abgelehnt wurde.' : `wir müssen Ihnen leider mitteilen, dass die unten aufgeführten ${count} Termine Ihrer Serienanfrage abgelehnt wurden.`],
  changed: (count) => [
    count === 1
      ? 'wir möchten Sie darüber informieren, dass Ihre Serie geändert wurde. Ab der Änderung gilt der unten aufgeführte Termin.'
      : `wir möchten Sie darüber informieren, dass Ihre Serie geändert wurde. Ab der Änderung gelten die unten aufgeführten ${count} Termine.`,
    'Termine, die nicht mehr aufgeführt sind, entfallen.',
  ],
  released: (count, priceEur) => [
    count === 1 ? 'wir freuen uns, Ihnen mitteilen zu können, dass der unten aufgeführte Termin Ihrer Serie geprüft und freigegeben wurde.' : `wir freuen uns, Ihnen mitteilen zu können, dass die unten aufgeführten ${count} Termine Ihrer Serie geprüft und freigegeben wurden.`,
    priceEur > 0 ? 'Wie Sie den Betrag bezahlen, teilen wir Ihnen gesondert mit.' : 'Es ist nichts zu bezahlen; die Einzelheiten finden Sie unten.',
  ],
};

const seriesActionHeading: Record<SeriesMailAction, string> = {
  cancelled: 'Stornierte Termine der Serie',
  declined: 'Abgelehnte Termine der Serie',
  released: 'Freigegebene Termine der Serie',
  invoiced: 'Termine dieser Rechnung',
  changed: 'Termine der Serie ab der Änderung',
  paid: 'Bezahlte Termine der Serie',
};

const seriesActionTotal: Record<SeriesMailAction, string> = { cancelled: 'Betrag dieser Termine', declined: 'Betrag dieser Termine', released: 'Betrag dieser Termine', invoiced: 'Rechnungsbetrag', changed: 'Betrag dieser Termine', paid: 'Bezahlter Betrag' };

const seriesCents = (series: SeriesMailFacts) => series.dates.reduce((sum, date) => sum + Math.round(date.priceEur * 100), 0);

/** "Di., 02.11.2027, 18:00–20:00 Uhr (Buchung AB12-CD34)". */
function seriesDateLine(date: SeriesMailFacts['dates'][number]): string {
  if (date.timeBegin === null || date.timeEnd === null) return `Buchung ${date.bookingId}`;
  return `${formatBerlinSlot(date.timeBegin, date.timeEnd)} (Buchung ${date.bookingId})`;
}

/** The dates of a series and its total, below the booking block. */
export function seriesBlock(series: SeriesMailFacts): { html: string; text: string } {
  const heading = `${series.action ? seriesActionHeading[series.action] : 'Termine der Serie'} (${series.description}): ${series.dates.length}`;
  const lines = series.dates.map(seriesDateLine);
  const total = `${series.action ? seriesActionTotal[series.action] : 'Gesamtbetrag der Serie'}: ${formatEuro(seriesCents(series) / 100)}`;
  return {
    html: [`<h2>${escapeHtml(heading)}</h2>`, `<ul>\n${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}\n</ul>`, `<p><strong>${escapeHtml(total)}</strong></p>`].join('\n'),
    text: [heading, ...lines.map((line) => `- ${line}`), total].join('\n'),
  };
}

export interface ComposedBookingMail {
  to: string;
  /** A copy to the tenant. */
  bcc?: string;
  /** A customer's answer reaches the tenant's address, not the (often no-reply) sender. */
  replyTo?: string;
  subject: string;
  /** The template's `{{title}}` (plain text). */
  title: string;
  /** The template's `{{content}}` (HTML, customer input escaped). */
  contentHtml: string;
  /** The plain-text part. */
  text: string;
  links: {
    /** "Buchung stornieren". */
    cancel?: string;
    /** "Stornierung bestätigen" (cancellation-requested). */
    confirmCancellation?: string;
    /** "Jetzt bezahlen" (payment-requested): the client's payment page, which starts the provider. */
    payment?: string;
    /** The public status page; the mail shows it as link and as QR code (cid `qrcode_cid`). */
    status?: string;
  };
}

/** The content id of the inline QR code image. */
export const QR_CODE_CID = 'qrcode_cid';
const STATUS_LINK_TEXT = 'Mit diesem Link können Sie jederzeit den Status Ihrer Buchung einsehen.';

interface KindRules {
  subject: (tenantName: string, bookingId: string) => string;
  audience: 'customer' | 'tenant' | 'organizer';
  bcc: boolean;
  cancelLink: boolean;
  statusQr: boolean;
  /** The first sentences; a function of the tenant's name where they name it. */
  opening: string[] | ((tenantName: string) => string[]);
  /** What was paid (amount and way of payment), when the booking is paid with a price. */
  paymentDetails?: boolean;
  /** The heading of the reason, when the mail carries one. */
  reasonLabel?: string;
  /** A paid booking ends here: the customer learns that the office gets in touch about the money. */
  refundNote?: boolean;
}

const kindRules: Record<BookingMailKind, KindRules> = {
  'request-received': {
    subject: (name) => `Vielen Dank für Ihre Buchungsanfrage im ${name}`,
    audience: 'customer',
    bcc: true,
    cancelLink: true,
    statusQr: true,
    opening: ['vielen Dank für Ihre Anfrage. Sie ist bei uns eingegangen und wird nun bearbeitet; sobald sie geprüft ist, erhalten Sie eine weitere Nachricht von uns.'],
  },
  confirmed: {
    subject: (name) => `Vielen Dank für Ihre Buchung im ${name}`,
    audience: 'customer',
    bcc: true,
    cancelLink: true,
    statusQr: true,
    opening: ['vielen Dank für Ihre Buchung. Hiermit bestätigen wir sie verbindlich; alle Einzelheiten finden Sie unten.'],
    paymentDetails: true,
  },
  released: {
    subject: (name) => `Vielen Dank für Ihre Buchung im ${name}`,
    audience: 'customer',
    bcc: true,
    cancelLink: true,
    statusQr: true,
    opening: ['wir freuen uns, Ihnen mitteilen zu können, dass Ihre Buchung geprüft und freigegeben wurde. Es ist nichts zu bezahlen; die Einzelheiten finden Sie unten.'],
  },
  'payment-requested': {
    subject: (name) => `Bitte schließen Sie Ihre Buchung im ${name} ab`,
    audience: 'customer',
    bcc: false,
    cancelLink: true,
    statusQr: true,
    opening: [
      // Also sent when an object releases itself at checkout: nobody checked it, so the mail does not say so.
      'Ihre Buchung ist freigegeben. Bitte schließen Sie sie ab, indem Sie den offenen Betrag über den folgenden Link online bezahlen; erst danach ist die Buchung verbindlich.',
    ],
  },
  'payment-direct': {
    subject: (name) => `Ihre Buchung im ${name} ist freigegeben`,
    audience: 'customer',
    bcc: true,
    cancelLink: true,
    statusQr: true,
    opening: (name) => [`Ihre Buchung ist freigegeben. Die Zahlung erfolgt direkt mit dem Mandanten ${name}, der Ihnen mitteilt, wie Sie den Betrag bezahlen; die Einzelheiten finden Sie unten.`],
  },
  'invoice-payment-request': {
    subject: (name) => `Bitte schließen Sie Ihre Buchung im ${name} ab`,
    audience: 'customer',
    bcc: false,
    cancelLink: true,
    statusQr: true,
    opening: ['Ihre Buchung ist freigegeben. Bitte überweisen Sie den Betrag gemäß der beigefügten Rechnung; die Einzelheiten finden Sie unten.'],
  },
  invoice: {
    subject: (name) => `Rechnung zu Ihrer Buchung bei ${name}`,
    audience: 'customer',
    bcc: true,
    cancelLink: true,
    statusQr: true,
    opening: ['vielen Dank für Ihre Buchung. Im Anhang finden Sie die Rechnung; bitte überweisen Sie den Betrag wie darin angegeben.'],
  },
  rejected: {
    subject: (name) => `Stornierung: Ihre Buchung im ${name} wurde storniert`,
    audience: 'customer',
    bcc: true,
    cancelLink: false,
    statusQr: false,
    opening: ['wir möchten Sie darüber informieren, dass die unten aufgeführte Buchung storniert wurde.'],
    reasonLabel: 'Hinweis zur Stornierung',
    refundNote: true,
  },
  declined: {
    subject: (name) => `Absage: Ihre Buchungsanfrage im ${name} wurde abgelehnt`,
    audience: 'customer',
    bcc: true,
    cancelLink: false,
    statusQr: false,
    opening: ['wir müssen Ihnen leider mitteilen, dass die unten aufgeführte Buchungsanfrage abgelehnt wurde.'],
    reasonLabel: 'Hinweis zur Ablehnung',
    refundNote: true,
  },
  'cancellation-requested': {
    subject: (name) => `Stornierungsanfrage für Ihre Buchung im ${name}`,
    audience: 'customer',
    bcc: false,
    cancelLink: false,
    statusQr: false,
    opening: [
      'für die unten aufgeführte Buchung wurde eine Stornierung angefragt.',
      'Bitte bestätigen Sie die Stornierung über den folgenden Link. Falls Sie keine Stornierung wünschen, können Sie diese Nachricht einfach ignorieren; Ihre Buchung bleibt dann bestehen.',
    ],
  },
  'tenant-new-booking': {
    subject: () => 'Eine neue Buchungsanfrage liegt vor',
    audience: 'tenant',
    bcc: false,
    cancelLink: false,
    statusQr: false,
    opening: ['soeben ist eine neue Buchungsanfrage eingegangen. Sie wartet auf ihre Bearbeitung; die Einzelheiten finden Sie unten.'],
  },
  'tenant-booking-released': {
    subject: (_name, bookingId) => `Neue Buchung ${bookingId}`,
    audience: 'tenant',
    bcc: false,
    cancelLink: false,
    statusQr: false,
    opening: ['soeben ist eine neue Buchung eingegangen. Sie wurde bei der Buchung automatisch freigegeben und muss nicht bearbeitet werden; die Einzelheiten finden Sie unten.'],
  },
  'series-changed': {
    subject: (name) => `Änderung Ihrer Serienbuchung im ${name}`,
    audience: 'customer',
    bcc: true,
    cancelLink: false,
    statusQr: false,
    opening: ['wir möchten Sie darüber informieren, dass Ihre Serienbuchung geändert wurde.'],
    reasonLabel: 'Hinweis zur Änderung',
  },
  'tenant-refund-due': {
    subject: (_name, bookingId) => `Erstattung offen: Buchung ${bookingId} storniert`,
    audience: 'tenant',
    bcc: false,
    cancelLink: false,
    statusQr: false,
    opening: ['die unten aufgeführte Buchung wurde storniert, nachdem sie bezahlt war. Die Plattform erstattet nichts selbst: Bitte veranlassen Sie die Erstattung und nehmen Sie Kontakt mit der Person auf.'],
    paymentDetails: true,
    reasonLabel: 'Hinweis zur Stornierung',
  },
  'tenant-payment-received': {
    subject: (_name, bookingId) => `Zahlung eingegangen: Buchung ${bookingId}`,
    audience: 'tenant',
    bcc: false,
    cancelLink: false,
    statusQr: false,
    opening: ['für die unten aufgeführte Buchung ist eine Zahlung eingegangen.'],
    paymentDetails: true,
  },
  'organizer-new-booking': {
    subject: () => 'Eine neue Buchung liegt vor',
    audience: 'organizer',
    bcc: false,
    cancelLink: false,
    statusQr: false,
    opening: ['für Ihre Veranstaltung ist soeben eine neue Buchung eingegangen. Die Einzelheiten finden Sie unten.'],
  },
};

/** No line breaks in a header. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

function address(booking: BookingView): string {
  const place = [booking.zipCode, booking.location].map((part) => part.trim()).filter(Boolean).join(' ');
  const street = booking.street.trim();
  if (street && place) return `${street} in ${place}`;
  return street || place;
}

function period(booking: BookingView): string {
  const { timeBegin, timeEnd } = booking;
  if (timeBegin !== null && timeEnd !== null) return `vom ${formatBerlinDateTime(timeBegin)} bis ${formatBerlinDateTime(timeEnd)}`;
  if (timeBegin !== null) return `ab ${formatBerlinDateTime(timeBegin)}`;
  if (timeEnd !== null) return `bis ${formatBerlinDateTime(timeEnd)}`;
  return '';
}

/** Text of sanitised HTML for the plain-text part. */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "dd.MM.yyyy HH:mm" in Berlin time (the ticket lines of the booking block). */
function formatEventTime(ms: number): string {
  return formatBerlinDateTime(ms).replace(', ', ' ');
}

/** The lines under a ticket: its event's name, when and where it takes place. */
function ticketLines(event: TicketEventFacts): string[] {
  const { startsAt, endsAt } = event;
  const when =
    startsAt !== null && endsAt !== null
      ? `vom ${formatEventTime(startsAt)} bis ${formatEventTime(endsAt)}`
      : startsAt !== null
        ? `am ${formatEventTime(startsAt)}`
        : endsAt !== null
          ? `bis ${formatEventTime(endsAt)}`
          : '';
  return [`Ticket für die Veranstaltung ${event.name}`, when, event.place.trim() ? `Ort: ${event.place.trim()}` : ''].filter(Boolean);
}

/**
 * The locker units that come with the booking: which unit group, how many, for which object and
 * when they can be used (the booking's period). None for a rejected booking or released units.
 */
function lockerLines(booking: BookingView): string[] {
  if (booking.isRejected) return [];
  const when = period(booking);
  const titles = new Map(booking.bookableItems.map((item) => [item.bookableId, item._bookableUsed?.title ?? '']));
  return (booking.lockerInfo ?? [])
    .filter((unit) => unit.state !== 'released')
    .map((unit) => {
      const title = titles.get(unit.bookableId)?.trim();
      return `${unit.amount === 1 ? 'Ein Schließfach' : `${unit.amount} Schließfächer`} „${unit.unitId}“${title ? ` zu ${title}` : ''}${when ? `, nutzbar ${when}` : ''}`;
    });
}

/** The standard booking block as HTML and text; `events`: the booked tickets' events by id. */
export function bookingBlock(booking: BookingView, events: ReadonlyMap<string, TicketEventFacts> = new Map(), options: { seriesDate?: boolean } = {}): { html: string; text: string } {
  // In a series' mail the block is its first named date: the amount is that date's, the dates and the total follow below.
  const seriesDate = options.seriesDate === true;
  const rows: [string, string][] = [
    [seriesDate ? 'Buchungsnummer des ersten Termins' : 'Buchungsnummer', booking.id],
    [seriesDate ? 'Betrag des ersten Termins' : 'Gesamtbetrag', formatEuro(booking.priceEur)],
    ['Firma', booking.company],
    ['Name', booking.name],
    ['Adresse', address(booking)],
    ['Telefon', booking.phone],
    ['E-Mail', booking.mail],
    ['Hinweise zur Buchung', booking.comment],
    [seriesDate ? 'Erster Termin' : 'Buchungszeitraum', period(booking)],
  ];
  const shown = rows.filter(([, value]) => value.trim() !== '');
  const items = booking.bookableItems.map((item) => {
    const booked = item._bookableUsed;
    const event = booked?.type === 'ticket' && booked.eventId ? events.get(booked.eventId) : undefined;
    return [`${booked?.title ?? ''}, Anzahl: ${item.amount}`, ...(event ? ticketLines(event) : [])];
  });
  // Each booked object's notes once, even when it is booked in several items.
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const item of booking.bookableItems) {
    const note = item._bookableUsed?.bookingNotes ?? '';
    if (seen.has(item.bookableId) || !note.trim()) continue;
    seen.add(item.bookableId);
    notes.push(note);
  }

  const lockers = lockerLines(booking);
  const html = [
    `<p>${shown.map(([label, value]) => `<strong>${label}:</strong> ${escapeHtml(value).replace(/\r?\n/g, '<br />')}`).join('<br />\n')}</p>`,
    '<h2>Bestellübersicht</h2>',
    items.length ? `<ul>\n${items.map((lines) => `<li>${lines.map(escapeHtml).join('<br />')}</li>`).join('\n')}\n</ul>` : '',
    lockers.length ? `<h2>Schließfächer</h2>\n<ul>\n${lockers.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}\n</ul>` : '',
    // Booking notes are HTML sanitised when the bookable was saved.
    ...notes.map((note) => `<div>${note}</div>`),
  ]
    .filter(Boolean)
    .join('\n');
  const text = [shown.map(([label, value]) => `${label}: ${value}`).join('\n'), ['Bestellübersicht', ...items.map((lines) => lines.map((line, index) => `${index === 0 ? '- ' : '  '}${line}`).join('\n'))].join('\n'), lockers.length ? ['Schließfächer', ...lockers.map((line) => `- ${line}`)].join('\n') : '', ...notes.map(htmlToText)]
    .filter(Boolean)
    .join('\n\n');
  return { html, text };
}

/**
 * What was paid, for a paid booking with a price: the amount and the way of payment (the same phrase
 * staff see in the list), and where the receipt is when it travels along.
 */
function paymentLines(booking: BookingView, receiptAttached: boolean, paidSeries?: SeriesMailFacts): string[] {
  if (!booking.isPayed || !(booking.priceEur > 0)) return [];
  // Dates of a series paid together: the amount of all of them, as their one receipt shows.
  const paidEur = paidSeries ? seriesCents(paidSeries) / 100 : booking.priceEur;
  return [`Bezahlt: ${formatEuro(paidEur)}`, `Zahlungsart: ${paymentWayLabel(booking)}`, ...(receiptAttached ? ['Den Zahlungsbeleg finden Sie im Anhang.'] : [])];
}

const POLICY_HEADING = 'Stornobedingungen';

/**
 * The policy the mails of a live booking repeat: only where the citizen may cancel themselves
 * (otherwise nothing changed against before: a cancellation is a request), and only one the booked
 * objects share.
 */
function selfCancellationPolicy(booking: BookingView): CancellationPolicy | null {
  const policy = commonPolicy(booking.bookableItems.map((item) => policyOrDefault((item._bookableUsed as Partial<typeof item._bookableUsed>).cancellationPolicy)));
  return policy?.citizenMayCancel ? policy : null;
}

/** What the customer's mail says of the money when the policy decided it. */
function policyRefundNote(paidCents: number, refundCents: number): string {
  const paid = `Sie haben für diese Buchung ${formatEuro(paidCents / 100)} bezahlt.`;
  return refundCents > 0 ? `${paid} Nach den Stornobedingungen erhalten Sie ${formatEuro(refundCents / 100)} zurück.` : `${paid} Nach den Stornobedingungen wird davon nichts erstattet.`;
}

const link = (href: string, label: string): string => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;

/**
 * Whom the customer can contact about the booking: the tenant's name, contact person, address and
 * phone, as far as the tenant set them; null without any way to reach it.
 */
export function tenantContact(tenant: Pick<BookingMailTenant, 'name' | 'mail' | 'contactName' | 'phone'>): { html: string; text: string } | null {
  const mail = tenant.mail.trim();
  const phone = tenant.phone?.trim() ?? '';
  if (!mail && !phone) return null;
  const contactName = tenant.contactName?.trim() ?? '';
  const lines = [
    `Bei Fragen zu Ihrer Buchung erreichen Sie ${oneLine(tenant.name)}${contactName ? ` (${oneLine(contactName)})` : ''}:`,
    ...(mail ? [`E-Mail: ${mail}`] : []),
    ...(phone ? [`Telefon: ${oneLine(phone)}`] : []),
  ];
  return { html: `<p class="tenant-contact">${lines.map((line) => escapeHtml(line)).join('<br />\n')}</p>`, text: lines.join('\n') };
}

/**
 * The footer of a customer's mail: the tenant's privacy notice and the link to its privacy
 * statement, in small print below a rule; null when the tenant set neither.
 */
export function privacyFooter(tenant: Pick<BookingMailTenant, 'privacyNotice' | 'privacyPolicyLink'>): { html: string; text: string } | null {
  const shown = shownPrivacy(tenant);
  if (!shown) return null;
  const parts = [
    shown.notice ? escapeHtml(shown.notice).replace(/\r?\n/g, '<br />') : '',
    shown.link ? `<a href="${escapeHtml(shown.link)}">${escapeHtml(PRIVACY_LINK_LABEL)}</a>` : '',
  ].filter(Boolean);
  return {
    html: `<hr />\n<p class="privacy-notice" style="font-size: small;">${parts.join('<br />\n')}</p>`,
    text: `---\n${privacyFooterText(tenant)}`,
  };
}

/**
 * The mail of a kind: recipients, subject and content; null when there is
 * nobody to send it to (a customer without an address, a tenant without one).
 */
export function composeBookingMail(kind: BookingMailKind, input: BookingMailInput): ComposedBookingMail | null {
  const rules = kindRules[kind];
  const { booking, tenant } = input;
  const base = input.publicUrl.replace(/\/+$/, '');
  const tenantMail = tenant.mail.trim();
  const to = rules.audience === 'tenant' ? tenantMail : rules.audience === 'organizer' ? (input.to ?? '').trim() : booking.mail.trim();
  if (!to) return null;

  const subject = oneLine(rules.subject(tenant.name, booking.id));
  const tenantPath = encodeURIComponent(tenant.id);
  const bookingId = encodeURIComponent(booking.id);
  const links: ComposedBookingMail['links'] = {};
  if (rules.cancelLink) links.cancel = `${base}/booking/request-reject/${tenantPath}?id=${bookingId}`;
  if (kind === 'cancellation-requested' && input.hookId) {
    links.confirmCancellation = `${base}/booking/verify-reject/${tenantPath}?id=${bookingId}&hookId=${encodeURIComponent(input.hookId)}`;
  }
  if (kind === 'payment-requested') links.payment = `${base}/payment/redirection?id=${bookingId}&tenant=${tenantPath}`;
  if (rules.statusQr && tenant.enablePublicStatusView) {
    links.status = `${base}/booking/status/${tenantPath}?id=${bookingId}&name=${encodeURIComponent(booking.name)}`;
  }

  const salutation = rules.audience !== 'customer' ? 'Guten Tag,' : booking.name.trim() ? `Guten Tag ${oneLine(booking.name)},` : 'Guten Tag,';
  const reason = rules.reasonLabel && input.reason?.trim() ? `${rules.reasonLabel}: ${input.reason.trim()}` : '';
  const paidSeries = input.series?.action === 'paid' ? input.series : undefined;
  const payment = rules.paymentDetails ? paymentLines(booking, rules.audience === 'customer' && input.receiptAttached === true, paidSeries) : [];
  const block = bookingBlock(booking, input.ticketEvents, { seriesDate: input.series !== undefined });

  const ownOpening = typeof rules.opening === 'function' ? rules.opening(tenant.name) : rules.opening;
  const seriesOpening = input.series?.action ? seriesActionOpening[input.series.action] : undefined;
  const opening = seriesOpening && input.series ? seriesOpening(input.series.dates.length, seriesCents(input.series) / 100) : ownOpening;
  const html: string[] = [`<p>${escapeHtml(salutation)}</p>`, ...opening.map((sentence) => `<p>${escapeHtml(sentence)}</p>`)];
  const text: string[] = [salutation, ...opening];
  if (reason) {
    html.push(`<p>${escapeHtml(reason).replace(/\r?\n/g, '<br />')}</p>`);
    text.push(reason);
  }
  // A series' cancellation names what was paid for all the dates it cancelled, not the first date's amount alone.
  const paidCents = input.series ? input.series.dates.filter((date) => date.isPayed).reduce((sum, date) => sum + Math.round(date.priceEur * 100), 0) : booking.isPayed ? Math.round(booking.priceEur * 100) : 0;
  if (rules.refundNote && paidCents > 0) {
    const note = input.refundCents !== undefined ? policyRefundNote(paidCents, input.refundCents) : `Sie haben für ${input.series ? (input.series.dates.length === 1 ? 'diesen Termin' : 'diese Termine') : 'diese Buchung'} bereits ${formatEuro(paidCents / 100)} bezahlt. Wegen der Erstattung meldet sich ${oneLine(tenant.name)} bei Ihnen.`;
    html.push(`<p>${escapeHtml(note)}</p>`);
    text.push(note);
  }
  if (rules.audience === 'tenant' && input.refundCents !== undefined) {
    const note = `Nach den Stornobedingungen sind ${formatEuro(input.refundCents / 100)} zu erstatten. Bitte schließen Sie die Erstattung in der Buchung ab, sobald das Geld zurückgezahlt ist.`;
    html.push(`<p>${escapeHtml(note)}</p>`);
    text.push(note);
  }
  if (payment.length) {
    html.push(`<p>${payment.map((line) => escapeHtml(line)).join('<br />\n')}</p>`);
    text.push(payment.join('\n'));
  }
  if (links.payment) {
    html.push(link(links.payment, 'Jetzt bezahlen'));
    text.push(`Jetzt bezahlen: ${links.payment}`);
  }
  if (links.confirmCancellation) {
    html.push(link(links.confirmCancellation, 'Stornierung bestätigen'));
    text.push(`Stornierung bestätigen: ${links.confirmCancellation}`);
  }
  html.push(block.html);
  text.push(block.text);
  const policy = rules.cancelLink ? selfCancellationPolicy(booking) : null;
  if (policy) {
    const lines = cancellationPolicyLines(policy);
    html.push(`<p><strong>${escapeHtml(POLICY_HEADING)}</strong><br />\n${lines.map((line) => escapeHtml(line)).join('<br />\n')}</p>`);
    text.push([`${POLICY_HEADING}:`, ...lines].join('\n'));
  }
  if (input.series) {
    const series = seriesBlock(input.series);
    html.push(series.html);
    text.push(series.text);
  }
  if (links.cancel) {
    html.push(link(links.cancel, 'Buchung stornieren'));
    text.push(`Buchung stornieren: ${links.cancel}`);
  }
  if (links.status) {
    html.push(
      `<p>${escapeHtml(STATUS_LINK_TEXT)}<br /><a href="${escapeHtml(links.status)}">${escapeHtml(links.status)}</a></p>`,
      `<p><img src="cid:${QR_CODE_CID}" alt="QR-Code zum Buchungsstatus" width="200" height="200" /></p>`,
    );
    text.push(`${STATUS_LINK_TEXT}\n${links.status}`);
  }
  const contact = rules.audience === 'customer' ? tenantContact(tenant) : null;
  if (contact) {
    html.push(contact.html);
    text.push(contact.text);
  }
  const footer = rules.audience === 'customer' ? privacyFooter(tenant) : null;
  if (footer) {
    html.push(footer.html);
    text.push(footer.text);
  }

  return {
    to,
    ...(rules.bcc && tenantMail && tenantMail.toLowerCase() !== to.toLowerCase() ? { bcc: tenantMail } : {}),
    ...(rules.audience === 'customer' && tenantMail ? { replyTo: tenantMail } : {}),
    subject,
    title: subject,
    contentHtml: html.join('\n'),
    text: text.join('\n\n'),
    links,
  };
}

/**
 * The tenant's mail template filled in (Mustache-like): `{{title}}` HTML-escaped, `{{content}}`
 * and `{{{content}}}` as HTML; an empty template means the bundled default. One pass, so text
 * inside the content is never read as a placeholder.
 */
export function renderMailTemplate(template: string, values: { title: string; contentHtml: string }): string {
  const source = template.trim() ? template : defaultGenericMailTemplate;
  return source.replace(/\{\{\{\s*(title|content)\s*\}\}\}|\{\{\s*(&\s*)?(title|content)\s*\}\}/g, (_match, triple: string | undefined, ampersand: string | undefined, double: string | undefined) => {
    const name = triple ?? double;
    if (name === 'content') return values.contentHtml;
    return triple || ampersand ? values.title : escapeHtml(values.title);
  });
}

/** The job payload, checked (a job row may come from an older or foreign writer). */
export function parseBookingMailPayload(payload: Record<string, unknown>): BookingMailPayload {
  const { tenantId, bookingId, kind, reason, hookId, to, seriesDates, refundCents } = payload;
  const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
  if (!text(tenantId) || !text(bookingId) || typeof kind !== 'string' || !(bookingMailKinds as readonly string[]).includes(kind)) {
    throw new Error(`invalid booking mail payload: ${JSON.stringify({ tenantId, bookingId, kind })}`);
  }
  if ((reason !== undefined && reason !== null && typeof reason !== 'string') || (hookId !== undefined && hookId !== null && typeof hookId !== 'string')) {
    throw new Error('invalid booking mail payload: reason and hookId must be text');
  }
  if (kind === 'cancellation-requested' && !text(hookId)) throw new Error('invalid booking mail payload: cancellation-requested needs a hookId');
  if (kind === 'organizer-new-booking' && !text(to)) throw new Error('invalid booking mail payload: organizer-new-booking needs the address (to)');
  if (seriesDates !== undefined && seriesDates !== null && !(Array.isArray(seriesDates) && seriesDates.every(text))) throw new Error('invalid booking mail payload: seriesDates must be booking numbers');
  if (refundCents !== undefined && refundCents !== null && !(typeof refundCents === 'number' && Number.isInteger(refundCents) && refundCents >= 0)) throw new Error('invalid booking mail payload: refundCents must be whole cents');
  return {
    tenantId,
    bookingId,
    kind: kind as BookingMailKind,
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(typeof hookId === 'string' ? { hookId } : {}),
    ...(typeof to === 'string' ? { to } : {}),
    ...(Array.isArray(seriesDates) ? { seriesDates: seriesDates.map(String) } : {}),
    ...(typeof refundCents === 'number' ? { refundCents } : {}),
  };
}
