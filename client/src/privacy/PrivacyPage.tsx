import { useLazyQuery, useMutation } from '@apollo/client/react';
import { AnchorButton, Button, Callout, Card, Classes, Dialog, DialogBody, DialogFooter, FormGroup, H3, H4, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ANONYMISED_NAME, germanDate, normalisedMail, privacyMessages } from '../../../common/privacy/retention';
import { ErasePersonalDataDocument, PersonalDataDocument, type ErasePersonalDataMutation, type PersonalDataQuery } from '../gql/graphql';
import { formatCurrency, formatDate, formatDateTime } from '../shared/format';
import { NoTenantSelected } from '../shared/NoTenantSelected';
import { useAppState } from '../shared/store';
import { errorInfo } from '../shared/toast';
import './privacy.css';
import { PageTitle } from '../shared/PageTitle';

type Report = PersonalDataQuery['personalData'];
type Booking = Report['bookings'][number];
type DeletedBooking = Report['deletedBookings'][number];
type Erasure = ErasePersonalDataMutation['erasePersonalData'];

/** What an erasure clears on a booking: always, and additionally when nothing must be kept for accounting. */
const accountingCleared = { mail: '', phone: '', comment: '' };
const fullyCleared = { name: ANONYMISED_NAME, company: '', street: '', zipCode: '', location: '' };

/** REST paths of the same report, for the downloads (the session cookie goes along). */
const reportUrl = (tenantId: string, mail: string, format: 'json' | 'pdf') =>
  `/api/${encodeURIComponent(tenantId)}/personal-data?mail=${encodeURIComponent(mail)}${format === 'pdf' ? '&format=pdf' : ''}`;

/**
 * "Datenschutz" (/admin/datenschutz): what the selected tenant stores about a mail address (Art. 15
 * GDPR), as JSON or PDF, and its erasure (Art. 17) after a confirmation that says what happens.
 * The tenant's owners; the server checks the same rule.
 */
export default function PrivacyPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <PrivacyScreen key={tenantId} tenantId={tenantId} />;
}

function PrivacyScreen({ tenantId }: { tenantId: string }) {
  const [input, setInput] = useState('');
  const [tried, setTried] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erasure, setErasure] = useState<Erasure | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const [load, { data, loading, error }] = useLazyQuery(PersonalDataDocument, { fetchPolicy: 'network-only' });
  const [erase, { loading: erasing }] = useMutation(ErasePersonalDataDocument, {
    // The staff's booking lists hold these bookings too: they show the anonymised values at once.
    update: (cache, { data: result }) => {
      for (const booking of result?.erasePersonalData.bookings ?? []) {
        const id = cache.identify({ __typename: 'Booking', tenantId, id: booking.id });
        if (!id) continue;
        const cleared = booking.outcome === 'erased' ? { ...accountingCleared, ...fullyCleared } : accountingCleared;
        cache.modify({ id, fields: Object.fromEntries(Object.entries(cleared).map(([field, value]) => [field, () => value])) });
      }
    },
  });

  const mailError = tried && !normalisedMail(input) ? privacyMessages.mail : null;
  const report = asked && data?.personalData.mail === asked ? data.personalData : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const mail = normalisedMail(input);
    if (!mail) {
      inputRef.current?.focus();
      return;
    }
    setAsked(mail);
    setErasure(null);
    setRefusal(null);
    void load({ variables: { tenantId, mail } });
  };

  const confirmErase = async () => {
    if (!asked) return;
    try {
      const result = await erase({ variables: { tenantId, mail: asked } });
      setErasure(result.data?.erasePersonalData ?? null);
      setRefusal(null);
      await load({ variables: { tenantId, mail: asked } });
    } catch (failure) {
      setErasure(null);
      setRefusal(errorInfo(failure).message ?? 'Die Daten konnten nicht gelöscht werden.');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="admin-page">
      <PageTitle>Datenschutz</PageTitle>
      <p>Auskunft (Art. 15 DSGVO) und Löschung (Art. 17 DSGVO) der Daten, die dieser Mandant zu einer E-Mail-Adresse gespeichert hat.</p>
      <form className="privacy-search" onSubmit={search} noValidate>
        <FormGroup label="E-Mail-Adresse der Person" labelFor="privacy-mail" intent={mailError ? 'danger' : 'none'}>
          <InputGroup
            id="privacy-mail"
            inputRef={inputRef}
            type="email"
            value={input}
            onValueChange={setInput}
            intent={mailError ? 'danger' : 'none'}
            aria-invalid={mailError ? true : undefined}
            aria-describedby={messageId}
            autoComplete="off"
          />
          <p id={messageId} className={`privacy-message ${Classes.TEXT_SMALL} ${mailError ? Classes.INTENT_DANGER : ''}`} role={mailError ? 'alert' : undefined}>
            {mailError ?? ''}
          </p>
        </FormGroup>
        <Button type="submit" intent="primary" icon="search" loading={loading} text="Suchen" style={{ marginTop: 22 }} />
      </form>

      {error && <Callout intent="danger" title="Suche fehlgeschlagen">{error.message}</Callout>}
      {erasure && <ErasureResult erasure={erasure} />}
      {refusal && (
        <Callout intent="danger" title="Löschung nicht möglich" role="alert">
          {refusal}
        </Callout>
      )}

      {report && (
        <>
          <div className="privacy-actions">
            <AnchorButton icon="download" href={reportUrl(tenantId, report.mail, 'json')} download="datenauskunft.json" text="Als JSON herunterladen" />
            <AnchorButton icon="document" href={reportUrl(tenantId, report.mail, 'pdf')} download="datenauskunft.pdf" text="Als PDF herunterladen" />
            <Button icon="trash" intent="danger" text="Daten löschen" disabled={report.bookings.length + report.deletedBookings.length === 0} onClick={() => setConfirming(true)} />
          </div>
          <H3>
            {report.bookings.length === 0 ? 'Keine Buchungen' : `${report.bookings.length} ${report.bookings.length === 1 ? 'Buchung' : 'Buchungen'}`} zu {report.mail}
          </H3>
          {report.bookings.length + report.deletedBookings.length === 0 ? (
            <NonIdealState icon="search" title="Nichts gespeichert" description="Zu dieser E-Mail-Adresse sind keine Buchungen (mehr) gespeichert." />
          ) : (
            report.bookings.map((booking) => <BookingCard key={booking.id} booking={booking} />)
          )}
          {report.deletedBookings.length > 0 && (
            <>
              <H3>Gelöschte Buchungen mit gespeichertem Verlauf</H3>
              {report.deletedBookings.map((booking) => (
                <DeletedBookingCard key={booking.id} booking={booking} />
              ))}
            </>
          )}
        </>
      )}

      <Dialog isOpen={confirming} onClose={() => setConfirming(false)} title="Daten löschen?" icon="trash">
        <DialogBody>
          <p>
            Alle Buchungen zu <strong>{asked}</strong> werden jetzt anonymisiert: Name, Firma, Anschrift, E-Mail, Telefon und Kommentar werden entfernt, auch aus dem Verlauf. Anzahl,
            Zeiten, Preise und gebuchte Objekte bleiben für die Statistik erhalten.
          </p>
          <p>
            Buchungen mit einem Zahlungsbeleg oder einer Rechnung in der gesetzlichen Aufbewahrungsfrist (10 Jahre, § 147 AO, § 14b UStG) behalten Name, Firma und Anschrift bis zum Ende der Frist;
            E-Mail, Telefon und Kommentar werden auch dort gelöscht.
          </p>
          <p>Laufende, künftige oder noch nicht bezahlte Buchungen verhindern die Löschung; dann wird nichts geändert. Die Löschung kann nicht rückgängig gemacht werden.</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Abbrechen" onClick={() => setConfirming(false)} />
              <Button intent="danger" text="Endgültig löschen" loading={erasing} onClick={() => void confirmErase()} />
            </>
          }
        />
      </Dialog>
    </section>
  );
}

function ErasureResult({ erasure }: { erasure: Erasure }) {
  const restricted = erasure.bookings.filter((booking) => booking.outcome === 'restricted');
  return (
    <Callout intent="success" title="Löschung ausgeführt" role="status">
      <p>
        Gelöscht: {erasure.erased} {erasure.erased === 1 ? 'Buchung' : 'Buchungen'}. Eingeschränkt: {erasure.restricted} {erasure.restricted === 1 ? 'Buchung' : 'Buchungen'}.
      </p>
      {restricted.length > 0 && (
        <ul>
          {restricted.map((booking) => (
            <li key={booking.id}>
              Buchung {booking.id}: {booking.reason}
            </li>
          ))}
        </ul>
      )}
    </Callout>
  );
}

function BookingCard({ booking }: { booking: Booking }) {
  const address = [booking.street, [booking.zipCode, booking.location].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Card className="privacy-booking" compact>
      <H4>
        Buchung {booking.id} <Tag minimal>{booking.status}</Tag> {booking.anonymisedMode && <Tag minimal intent="warning">anonymisiert</Tag>}
      </H4>
      <dl>
        <dt>Zeitraum</dt>
        <dd>{booking.timeBegin ? `${formatDateTime(booking.timeBegin as string)} – ${formatDateTime(booking.timeEnd as string)}` : `angelegt ${formatDateTime(booking.createdAt as string)}`}</dd>
        <dt>Name</dt>
        <dd>{[booking.name, booking.company].filter(Boolean).join(', ') || '–'}</dd>
        <dt>Anschrift</dt>
        <dd>{address || '–'}</dd>
        <dt>E-Mail</dt>
        <dd>{booking.mail || '–'}</dd>
        <dt>Telefon</dt>
        <dd>{booking.phone || '–'}</dd>
        <dt>Kommentar</dt>
        <dd>{booking.comment || '–'}</dd>
        <dt>Objekte</dt>
        <dd>{booking.items.map((item) => `${item.amount} × ${item.title}`).join(', ') || '–'}</dd>
        <dt>Preis</dt>
        <dd>
          {formatCurrency(booking.priceEur)} (Zahlung {booking.paymentStatus})
        </dd>
        <dt>Belege</dt>
        <dd>{booking.receipts.map((receipt) => `${receipt.number} vom ${formatDate(receipt.issuedAt as string)}, aufzubewahren bis ${germanDate(receipt.keptUntil)}`).join('; ') || '–'}</dd>
      </dl>
      <strong>Versandte E-Mails</strong>
      {booking.mails.length === 0 ? (
        <p>Keine.</p>
      ) : (
        <ul>
          {booking.mails.map((mail, index) => (
            <li key={index}>
              {formatDateTime(mail.at as string)}: {mail.label}
              {mail.sent ? '' : ' (fehlgeschlagen)'}
            </li>
          ))}
        </ul>
      )}
      <HistoryList history={booking.history} />
    </Card>
  );
}

/** A deleted booking: only its history is kept (its last entry lists what the booking held). */
function DeletedBookingCard({ booking }: { booking: DeletedBooking }) {
  return (
    <Card className="privacy-booking" compact>
      <H4>
        Buchung {booking.id} <Tag minimal>gelöscht am {formatDateTime(booking.deletedAt as string)}</Tag>
      </H4>
      <HistoryList history={booking.history} />
    </Card>
  );
}

function HistoryList({ history }: { history: Booking['history'] }) {
  return (
    <>
      <strong>Verlauf</strong>
      <ul>
        {history.map((entry, index) => (
          <li key={index}>
            {formatDateTime(entry.at as string)}: {entry.actionLabel} ({entry.actor})
            {entry.changes.length > 0 && `: ${entry.changes.map((change) => `${change.label} ${change.before} → ${change.after}`).join('; ')}`}
            {entry.reason && ` – Grund: ${entry.reason}`}
          </li>
        ))}
      </ul>
    </>
  );
}
