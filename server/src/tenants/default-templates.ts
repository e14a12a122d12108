/**
 * The bundled defaults a new tenant starts with (rest-contract 3.2). Placeholders in double braces
 * are filled when a mail or receipt is produced. The invoice template is deliberately not
 * pre-filled (rest-contract 3.2).
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
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1c2127; padding: 32px;">
    <p>{{tenant.name}}<br />{{tenant.location}}</p>
    <h1 style="font-size: 20px;">Zahlungsbeleg Nr. {{receiptNumber}}</h1>
    <p>Buchungsnummer: {{booking.id}}<br />Datum: {{date}}</p>
    <p>Name: {{booking.name}}<br />Anschrift: {{booking.street}}, {{booking.zipCode}} {{booking.location}}</p>
    <table style="width: 100%; border-collapse: collapse;">
      <thead>
        <tr><th style="text-align: left;">Leistung</th><th style="text-align: right;">Betrag</th></tr>
      </thead>
      <tbody>{{items}}</tbody>
    </table>
    <p style="text-align: right;"><strong>Gesamtbetrag: {{booking.priceEur}} €</strong><br />enthaltene MwSt.: {{booking.vatIncludedEur}} €</p>
    <p>Vielen Dank für Ihre Buchung.</p>
  </body>
</html>
`;
