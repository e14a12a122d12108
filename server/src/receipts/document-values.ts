import { createHash } from 'node:crypto';
import { paymentWayLabel } from '../../../common/bookings/labels.js';
import { formatBerlinDate, formatBerlinDateTime, formatBerlinSlot, formatEuro } from '../../../common/format/german.js';
import type { VatRateTotal } from '../../../common/bookings/money.js';
import { bookingPeriod as periodOf, type TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { bookingMoneyOf } from '../bookings/booking-money.js';
import type { BookingView } from '../bookings/booking.model.js';
import { escapeHtml, html, type TemplateValues } from './document-template.js';
import type { DocumentKind } from './document-number.js';

/**
 * The placeholders of receipts and invoices (docs/receipts.md), computed from the
 * booking as stored, the tenant and the invoice application. Text values are escaped by the
 * template renderer; the HTML values are built here with every piece of input escaped.
 */

export interface DocumentTenant {
  name: string;
  location: string;
  paymentPurposeSuffix: string;
  /** Steuernummer or USt-IdNr.; empty when the tenant set none. */
  taxId: string;
}

/** The invoice application's bank details (from the tenant's invoice application). */
export interface InvoiceDetails {
  bank: string;
  iban: string;
  bic: string;
  accountHolder: string;
  daysUntilPaymentDue: number | null;
}

export interface DocumentInput {
  kind: DocumentKind;
  booking: BookingView;
  tenant: DocumentTenant;
  /** The full document number. */
  number: string;
  /** When the document is issued (bookingDate). */
  issuedAt: Date;
  invoice?: InvoiceDetails | null;
  /** The events of the booked tickets: a ticket booking has no times of its own, its service is the event. */
  ticketEvents?: readonly TicketEventFacts[];
  /**
   * A series document (its invoice, or the receipt of dates paid together): the dates it covers,
   * earliest first (`booking` is the first of them). Each date is a line of its own; amounts, VAT
   * and the service period are those of all of them.
   */
  seriesDates?: readonly BookingView[];
}

/** When the service is supplied: the booked period, or the events' for tickets; '' when neither is known. */
function servicePeriod(booking: BookingView, events: readonly TicketEventFacts[]): string {
  const { begin, end } = periodOf(booking, events);
  if (begin === null) return '';
  return end === null ? formatBerlinDateTime(begin) : `${formatBerlinDateTime(begin)} - ${formatBerlinDateTime(end)}`;
}

/** Who issues the document: the tenant's name and address, on their own lines. */
function issuer(tenant: DocumentTenant): string {
  return [tenant.name, ...tenant.location.split(/\r?\n|,\s*/)]
    .map((part) => part.trim())
    .filter(Boolean)
    .map(escapeHtml)
    .join('<br />');
}

/**
 * The VAT the amount holds, per rate (what tax law asks of every receipt and invoice): net, rate,
 * VAT and gross per rate, from the same cents as the booking's answers.
 */
function vatLines(bookings: readonly BookingView[]): string {
  const byRate = new Map<number, VatRateTotal>();
  for (const rate of bookings.flatMap((booking) => bookingMoneyOf(booking).vatByRate)) {
    const sum = byRate.get(rate.ratePercent);
    byRate.set(rate.ratePercent, sum ? { ratePercent: rate.ratePercent, grossCents: sum.grossCents + rate.grossCents, vatCents: sum.vatCents + rate.vatCents, netCents: sum.netCents + rate.netCents } : rate);
  }
  const rates = [...byRate.values()].sort((a, b) => a.ratePercent - b.ratePercent).filter((rate) => rate.grossCents !== 0);
  if (rates.length === 0) return '';
  const euro = (value: number) => formatEuro(value / 100);
  const rows = rates.map((rate) =>
    rate.ratePercent === 0
      ? `<tr><td>${euro(rate.grossCents)}</td><td>ohne Umsatzsteuer</td></tr>`
      : `<tr><td>${euro(rate.grossCents)}</td><td>darin ${rate.ratePercent} % USt. ${euro(rate.vatCents)} (netto ${euro(rate.netCents)})</td></tr>`,
  );
  return `<table class="vat-lines"><tbody>${rows.join('')}</tbody></table>`;
}

const title = (item: BookingView['bookableItems'][number]) => item._bookableUsed?.title ?? '';

function couponLine(booking: BookingView): string | null {
  const coupon = booking._couponUsed;
  if (!coupon || !booking.couponCode) return null;
  const discount = coupon.type === 'percentage' ? `-${coupon.discount} %` : `-${formatEuro(coupon.discount)}`;
  return `Gutschein: ${coupon.description || booking.couponCode} (${discount})`;
}

/** A series date's line names its window and booking number: "Großer Saal, Di., 02.11.2027, 18:00–20:00 Uhr (Buchung AB12-CD34)". */
function seriesDateTitle(booking: BookingView, itemTitle: string): string {
  const slot = booking.timeBegin !== null && booking.timeEnd !== null ? `, ${formatBerlinSlot(booking.timeBegin, booking.timeEnd)}` : '';
  return `${itemTitle}${slot} (Buchung ${booking.id})`;
}

/**
 * Receipt: "title, Anzahl: n" per item (a series receipt's per date, naming it), each object's
 * booking notes once, the coupon lines.
 */
function receiptItems(bookings: readonly BookingView[], series: boolean): string {
  const lines = bookings.flatMap((booking) => booking.bookableItems.map((item) => `<li>${escapeHtml(`${series ? seriesDateTitle(booking, title(item)) : title(item)}, Anzahl: ${item.amount}`)}</li>`));
  const seen = new Set<string>();
  const notes: string[] = [];
  for (const item of bookings.flatMap((booking) => booking.bookableItems)) {
    const note = item._bookableUsed?.bookingNotes ?? '';
    if (seen.has(item.bookableId) || !note.trim()) continue;
    seen.add(item.bookableId);
    // Booking notes are sanitised HTML (checked when the object was saved).
    notes.push(`<div class="booking-notes">${note}</div>`);
  }
  const coupons = bookings.map(couponLine).filter((coupon): coupon is string => Boolean(coupon));
  return [lines.length ? `<ul>${lines.join('')}</ul>` : '', ...notes, ...[...new Set(coupons)].map((coupon) => `<p>${escapeHtml(coupon)}</p>`)].filter(Boolean).join('\n');
}

const cents = (value: number) => Math.round(value * 100);

/**
 * How many units each line is charged for: the amount, unless the stored total says every line is
 * charged once (fixed prices per booking).
 */
function quantities(booking: BookingView): number[] {
  const byAmount = booking.bookableItems.reduce((sum, item) => sum + cents(item.userGrossPriceEur) * item.amount, 0);
  const once = booking.bookableItems.reduce((sum, item) => sum + cents(item.userGrossPriceEur), 0);
  const total = cents(booking.priceEur);
  if (Math.abs(byAmount - total) > 1 && Math.abs(once - total) <= 1) return booking.bookableItems.map(() => 1);
  return booking.bookableItems.map((item) => item.amount);
}

const cell = (text: string, align: 'left' | 'right' = 'left') => `<td style="text-align:${align}">${escapeHtml(text)}</td>`;

/** The rows of one booking: its items (net prices) and its coupon; a series date's items name the date and its booking number. */
function itemRows(booking: BookingView, seriesDate: boolean): string[] {
  const counts = quantities(booking);
  const rows = booking.bookableItems.map((item, index) => {
    const description = seriesDate ? seriesDateTitle(booking, title(item)) : title(item);
    return `<tr>${cell(description)}${cell(String(item.amount), 'right')}${cell(formatEuro(item.userPriceEur), 'right')}${cell(formatEuro(item.userPriceEur * counts[index]), 'right')}</tr>`;
  });
  const coupon = couponLine(booking);
  if (coupon) rows.push(`<tr>${cell(coupon)}<td></td><td></td><td></td></tr>`);
  return rows;
}

/** Invoice: a table of the items (net prices), the coupon row and the totals; a series invoice has the items of each date. */
function invoiceItems(bookings: readonly BookingView[], series: boolean): string {
  const rows = bookings.flatMap((booking) => itemRows(booking, series));
  const { priceEur, vatIncludedEur } = totalsOf(bookings);
  const total = (label: string, value: number) => `<tr><td colspan="3" style="text-align:right">${escapeHtml(label)}</td>${cell(formatEuro(value), 'right')}</tr>`;
  return [
    '<table class="invoice-items" style="width:100%;border-collapse:collapse">',
    '<thead><tr><th style="text-align:left">Beschreibung</th><th style="text-align:right">Anzahl</th><th style="text-align:right">Einzelpreis</th><th style="text-align:right">Gesamtpreis</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    `<tfoot>${total('Gesamt (netto)', priceEur - vatIncludedEur)}${total('zzgl. MwSt.', vatIncludedEur)}${total('Gesamt (brutto)', priceEur)}</tfoot>`,
    '</table>',
  ].join('\n');
}

/** The amounts of the documented bookings together, summed in cents. */
function totalsOf(bookings: readonly BookingView[]): { priceEur: number; vatIncludedEur: number } {
  const priceCents = bookings.reduce((sum, booking) => sum + cents(booking.priceEur), 0);
  const vatCents = bookings.reduce((sum, booking) => sum + cents(booking.vatIncludedEur), 0);
  return { priceEur: priceCents / 100, vatIncludedEur: vatCents / 100 };
}

/** A series invoice's service period: from the first date's begin to the last date's end. */
function seriesPeriod(dates: readonly BookingView[]): string {
  const begins = dates.map((date) => date.timeBegin).filter((time): time is number => time !== null);
  const ends = dates.map((date) => date.timeEnd).filter((time): time is number => time !== null);
  if (begins.length === 0) return '';
  const begin = formatBerlinDateTime(Math.min(...begins));
  return ends.length === 0 ? begin : `${begin} - ${formatBerlinDateTime(Math.max(...ends))}`;
}

/** Company, name, street, zip and city on their own lines (empty parts left out). */
function address(booking: BookingView): string {
  const place = [booking.zipCode, booking.location].map((part) => part.trim()).filter(Boolean).join(' ');
  return [booking.company, booking.name, booking.street, place]
    .map((part) => part.trim())
    .filter(Boolean)
    .map(escapeHtml)
    .join('<br />');
}

export function documentValues(input: DocumentInput): TemplateValues {
  const { booking, tenant, number, issuedAt } = input;
  const series = input.seriesDates && input.seriesDates.length > 0 ? input.seriesDates : null;
  const documented = series ?? [booking];
  const { priceEur, vatIncludedEur } = totalsOf(documented);
  const period = series ? seriesPeriod(series) : servicePeriod(booking, input.ticketEvents ?? []);
  const common: Record<string, TemplateValues[string]> = {
    bookingId: booking.id,
    tenant: tenant.name,
    issuer: html(issuer(tenant)),
    taxId: tenant.taxId.trim(),
    vatLines: html(vatLines(documented)),
    totalAmount: priceEur ? formatEuro(priceEur) : '-',
    bookingPeriod: period || '-',
    servicePeriod: period,
    bookingDate: formatBerlinDate(issuedAt),
    // The names of the bundled template of earlier versions, so stored copies keep working.
    'tenant.name': tenant.name,
    'tenant.location': tenant.location,
    'booking.id': booking.id,
    'booking.name': booking.name,
    'booking.street': booking.street,
    'booking.zipCode': booking.zipCode,
    'booking.location': booking.location,
    'booking.priceEur': formatEuro(priceEur).replace(/\s*€$/, ''),
    'booking.vatIncludedEur': formatEuro(vatIncludedEur).replace(/\s*€$/, ''),
    date: formatBerlinDate(issuedAt),
  };
  if (input.kind === 'receipt') {
    const items = receiptItems(documented, series !== null);
    return {
      ...common,
      bookedItems: html(items),
      items: html(items),
      receiptNumber: number,
      receiptAddress: html(address(booking)),
      paymentMethod: paymentWayLabel(booking),
      payDate: formatBerlinDateTime(booking.timeCreated),
    };
  }
  const invoice = input.invoice ?? null;
  const items = invoiceItems(documented, series !== null);
  return {
    ...common,
    bookedItems: html(items),
    items: html(items),
    invoiceNumber: number,
    invoiceAddress: html(address(booking)),
    bank: invoice?.bank ?? '',
    iban: invoice?.iban ?? '',
    bic: invoice?.bic ?? '',
    accountHolder: invoice?.accountHolder ?? '',
    daysUntilPaymentDue: invoice?.daysUntilPaymentDue === null || invoice?.daysUntilPaymentDue === undefined ? '' : String(invoice.daysUntilPaymentDue),
    purposeOfPayment: `${number} ${tenant.paymentPurposeSuffix}`.trim(),
  };
}

/**
 * What a document prints apart from its number and issue date: the template and the values filled
 * into it (customer, items, amounts, VAT lines, payment, issuer …), with number and date left
 * blank, as a SHA-256 digest. Two documents of one booking with the same digest look alike but for
 * those two.
 */
export function documentDigest(input: DocumentInput, template: string): string {
  const values = documentValues({ ...input, number: '', issuedAt: new Date(0) });
  const entries = Object.keys(values)
    .sort()
    .map((key) => [key, values[key]]);
  return createHash('sha256').update(JSON.stringify([template, entries])).digest('hex');
}

/** What every receipt and invoice must show, printed below a tenant's own template that does not show it. */
const REQUIRED_DETAILS = `<div class="required-details" style="font-size: 11px; color: #5f6b7c; margin-top: 24px;">
<p>{{issuer}}{{#taxId}}<br />Steuernummer/USt-IdNr.: {{taxId}}{{/taxId}}{{#servicePeriod}}<br />Leistungszeitraum: {{servicePeriod}}{{/servicePeriod}}</p>
{{vatLines}}
</div>`;

/**
 * A tenant's template from before the VAT lines existed (or one that left them out) still yields a
 * document tax law accepts: without `{{vatLines}}` the issuer, tax number, service period and the
 * VAT per rate follow its content, before `</body>`.
 */
export function withRequiredDetails(template: string): string {
  if (/\{\{\{?\s*&?\s*vatLines\s*\}/.test(template)) return template;
  const end = template.search(/<\/body\s*>/i);
  return end < 0 ? `${template}\n${REQUIRED_DETAILS}` : `${template.slice(0, end)}${REQUIRED_DETAILS}\n${template.slice(end)}`;
}
