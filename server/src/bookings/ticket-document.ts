import qrcode from 'qrcode-generator';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { formatBerlinDateTime } from '../../../common/format/german.js';
import { escapeHtml } from '../mail/mail.service.js';

/**
 * The ticket PDF ("Eintrittskarte") as HTML for the PDF renderer: one page per entry code with the
 * event, the ticket, the holder and the QR code of the check-in link, the code written below it.
 * Only inline styles and an inline SVG: the renderer loads nothing.
 */

/** One ticket of the document. */
export interface TicketPage {
  code: string;
  position: number;
  ofCount: number;
  /** The booked ticket's title ("Erwachsene"). */
  ticketType: string;
  event: TicketEventFacts | null;
}

export interface TicketDocument {
  tenantName: string;
  bookingNumber: string;
  holderName: string;
  pages: readonly TicketPage[];
  publicUrl: string;
}

/** The link in the QR code: staff scanning it while signed in land on the check-in page, which checks it. */
export function checkInLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/einlass?code=${encodeURIComponent(code)}`;
}

function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 5, margin: 4, scalable: true });
}

function eventTime(event: TicketEventFacts): string {
  if (event.startsAt === null) return '';
  const start = formatBerlinDateTime(event.startsAt);
  return event.endsAt === null ? `${start} Uhr` : `${start} Uhr bis ${formatBerlinDateTime(event.endsAt)} Uhr`;
}

function row(label: string, value: string): string {
  if (!value) return '';
  return `<tr><th style="text-align:left;padding:4px 16px 4px 0;vertical-align:top;font-weight:600;">${escapeHtml(label)}</th><td style="padding:4px 0;">${escapeHtml(value)}</td></tr>`;
}

function page(document: TicketDocument, ticket: TicketPage, last: boolean): string {
  const event = ticket.event;
  return `<section style="${last ? '' : 'page-break-after:always;'}font-family:Arial,Helvetica,sans-serif;color:#1c2127;">
  <p style="margin:0;font-size:13px;color:#5f6b7c;">${escapeHtml(document.tenantName)}</p>
  <h1 style="margin:4px 0 2px;font-size:26px;">Eintrittskarte</h1>
  <h2 style="margin:0 0 16px;font-size:20px;">${escapeHtml(event?.name ?? ticket.ticketType)}</h2>
  <table style="border-collapse:collapse;font-size:14px;margin-bottom:20px;">
    ${row('Datum und Uhrzeit', event ? eventTime(event) : '')}
    ${row('Ort', event?.place ?? '')}
    ${row('Ticketart', ticket.ticketType)}
    ${row('Buchungsnummer', document.bookingNumber)}
    ${row('Name', document.holderName)}
    ${row('Ticket', `Ticket ${ticket.position} von ${ticket.ofCount}`)}
  </table>
  <div style="width:240px;height:240px;">${qrSvg(checkInLink(document.publicUrl, ticket.code))}</div>
  <p style="margin:8px 0 0;font-family:'Courier New',monospace;font-size:16px;letter-spacing:1px;">${escapeHtml(ticket.code)}</p>
  <p style="margin:16px 0 0;font-size:12px;color:#5f6b7c;">Bitte zeigen Sie diesen Code am Einlass vor. Jeder Code gilt für einen einmaligen Einlass.</p>
</section>`;
}

export function ticketDocumentHtml(document: TicketDocument): string {
  const pages = document.pages.map((ticket, index) => page(document, ticket, index === document.pages.length - 1)).join('\n');
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8" /><title>Eintrittskarte ${escapeHtml(document.bookingNumber)}</title></head><body style="margin:0;">${pages}</body></html>`;
}
