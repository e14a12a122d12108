/**
 * The bundled defaults a new tenant starts with. Placeholders in double braces
 * are filled when a mail or receipt is produced. The invoice template is deliberately not
 * pre-filled.
 */
export const defaultGenericMailTemplate = `<!DOCTYPE html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <title>{{title}}</title>
  </head>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1c2127; margin: 0; padding: 24px;">
    <h1 style="font-size: 20px; color: #cd1421;">{{title}}</h1>
    <div>{{content}}</div>
    <hr style="border: none; border-top: 1px solid #d3d8de; margin: 24px 0;" />
    <p style="font-size: 12px; color: #5f6b7c;">Diese Nachricht wurde automatisch versendet. Bitte antworten Sie nicht auf diese E-Mail.</p>
  </body>
</html>
`;

export const defaultReceiptTemplate = `<!DOCTYPE html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <title>Zahlungsbeleg {{receiptNumber}}</title>
  </head>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1c2127; padding: 32px; font-size: 13px;">
    <p style="font-size: 11px; color: #5f6b7c;">{{issuer}}{{#taxId}}<br />Steuernummer/USt-IdNr.: {{taxId}}{{/taxId}}</p>
    <p>{{receiptAddress}}</p>
    <h1 style="font-size: 20px;">Zahlungsbeleg Nr. {{receiptNumber}}</h1>
    <p>Datum: {{bookingDate}}<br />Buchungsnummer: {{bookingId}}{{#servicePeriod}}<br />Leistungszeitraum: {{servicePeriod}}{{/servicePeriod}}</p>
    <h2 style="font-size: 15px;">Gebuchte Leistungen</h2>
    <div>{{bookedItems}}</div>
    <p style="text-align: right;"><strong>Gesamtbetrag: {{totalAmount}}</strong></p>
    <div>{{vatLines}}</div>
    <p>Zahlungsart: {{paymentMethod}}<br />Gebucht am: {{payDate}}</p>
    <p>Vielen Dank für Ihre Buchung.</p>
  </body>
</html>
`;

/**
 * Used when a tenant has not saved an invoice template yet (the tenant's field stays empty, as in
 * the original, but invoices no longer fail for it).
 */
export const defaultInvoiceTemplate = `<!DOCTYPE html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <title>Rechnung {{invoiceNumber}}</title>
  </head>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1c2127; padding: 32px; font-size: 13px;">
    <p style="font-size: 11px; color: #5f6b7c;">{{issuer}}{{#taxId}}<br />Steuernummer/USt-IdNr.: {{taxId}}{{/taxId}}</p>
    <p>{{invoiceAddress}}</p>
    <h1 style="font-size: 20px;">Rechnung Nr. {{invoiceNumber}}</h1>
    <p>Rechnungsdatum: {{bookingDate}}<br />Buchungsnummer: {{bookingId}}{{#servicePeriod}}<br />Leistungszeitraum: {{servicePeriod}}{{/servicePeriod}}</p>
    <div>{{bookedItems}}</div>
    <div>{{vatLines}}</div>
    <p>Bitte überweisen Sie den Betrag von {{totalAmount}}{{#daysUntilPaymentDue}} innerhalb von {{daysUntilPaymentDue}} Tagen{{/daysUntilPaymentDue}} auf folgendes Konto:</p>
    <p>{{#accountHolder}}Kontoinhaber: {{accountHolder}}<br />{{/accountHolder}}Bank: {{bank}}<br />IBAN: {{iban}}<br />BIC: {{bic}}<br />Verwendungszweck: {{purposeOfPayment}}</p>
    <p>Vielen Dank für Ihre Buchung.</p>
  </body>
</html>
`;
