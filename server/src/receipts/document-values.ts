import { paymentWayLabel } from '../../../common/bookings/labels.js';
import { formatBerlinDate, formatBerlinDateTime, formatEuro } from '../../../common/format/german.js';
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
}

function bookingPeriod(booking: BookingView): string {
  if (booking.timeBegin === null || booking.timeEnd === null) return '-';
  return `${formatBerlinDateTime(booking.timeBegin)} - ${formatBerlinDateTime(booking.timeEnd)}`;
}

const title = (item: BookingView['bookableItems'][number]) => item._bookableUsed?.title ?? '';

function couponLine(booking: BookingView): string | null {
  const coupon = booking._couponUsed;
  if (!coupon || !booking.couponCode) return null;
  const discount = coupon.type === 'percentage' ? `-${coupon.discount} %` : `-${formatEuro(coupon.discount)}`;
  return `Gutschein: ${coupon.description || booking.couponCode} (${discount})`;
}

/** Receipt: "title, Anzahl: n" per item, each object's booking notes once, the coupon line. */
function receiptItems(booking: BookingView): string {
  const lines = booking.bookableItems.map((item) => `<li>${escapeHtml(`${title(item)}, Anzahl: ${item.amount}`)}</li>`);
  const seen = new Set<string>();
  const notes: string[] = [];
  for (const item of booking.bookableItems) {
    const note = item._bookableUsed?.bookingNotes ?? '';
    if (seen.has(item.bookableId) || !note.trim()) continue;
    seen.add(item.bookableId);
    // Booking notes are sanitised HTML (checked when the object was saved).
    notes.push(`<div class="booking-notes">${note}</div>`);
  }
  const coupon = couponLine(booking);
  return [lines.length ? `<ul>${lines.join('')}</ul>` : '', ...notes, coupon ? `<p>${escapeHtml(coupon)}</p>` : ''].filter(Boolean).join('\n');
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

/** Invoice: a table of the items (net prices), the coupon row and the totals. */
function invoiceItems(booking: BookingView): string {
  const counts = quantities(booking);
  const cell = (text: string, align: 'left' | 'right' = 'left') => `<td style="text-align:${align}">${escapeHtml(text)}</td>`;
  const rows = booking.bookableItems.map(
    (item, index) => `<tr>${cell(title(item))}${cell(String(item.amount), 'right')}${cell(formatEuro(item.userPriceEur), 'right')}${cell(formatEuro(item.userPriceEur * counts[index]), 'right')}</tr>`,
  );
  const coupon = couponLine(booking);
  if (coupon) rows.push(`<tr>${cell(coupon)}<td></td><td></td><td></td></tr>`);
  const net = booking.priceEur - booking.vatIncludedEur;
  const total = (label: string, value: number) => `<tr><td colspan="3" style="text-align:right">${escapeHtml(label)}</td>${cell(formatEuro(value), 'right')}</tr>`;
  return [
    '<table class="invoice-items" style="width:100%;border-collapse:collapse">',
    '<thead><tr><th style="text-align:left">Beschreibung</th><th style="text-align:right">Anzahl</th><th style="text-align:right">Einzelpreis</th><th style="text-align:right">Gesamtpreis</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    `<tfoot>${total('Gesamt (netto)', net)}${total('zzgl. MwSt.', booking.vatIncludedEur)}${total('Gesamt (brutto)', booking.priceEur)}</tfoot>`,
    '</table>',
  ].join('\n');
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
  const common: Record<string, TemplateValues[string]> = {
    bookingId: booking.id,
    tenant: tenant.name,
    totalAmount: booking.priceEur ? formatEuro(booking.priceEur) : '-',
    bookingPeriod: bookingPeriod(booking),
    bookingDate: formatBerlinDate(issuedAt),
    // The names of the bundled template of earlier versions, so stored copies keep working.
    'tenant.name': tenant.name,
    'tenant.location': tenant.location,
    'booking.id': booking.id,
    'booking.name': booking.name,
    'booking.street': booking.street,
    'booking.zipCode': booking.zipCode,
    'booking.location': booking.location,
    'booking.priceEur': formatEuro(booking.priceEur).replace(/\s*€$/, ''),
    'booking.vatIncludedEur': formatEuro(booking.vatIncludedEur).replace(/\s*€$/, ''),
    date: formatBerlinDate(issuedAt),
  };
  if (input.kind === 'receipt') {
    const items = receiptItems(booking);
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
  const items = invoiceItems(booking);
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
