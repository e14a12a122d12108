import { skipToken, useQuery } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BOOKINGS_LINK_TOKEN_HEADER, guestDocumentPath } from '../../../../common/bookings/my-bookings.schema';
import { MyBookingsByLinkDocument } from '../../gql/graphql';
import { useLoadMore } from '../../shared/list/useLoadMore';
import { PublicPage } from '../../shared/PublicPage';
import { errorInfo, notifyError } from '../../shared/toast';
import { documentLabel, type MyBooking, MyBookingsList, PAGE_SIZE, periods } from './myBookingCard';

const downloadFailed = { title: 'Nicht heruntergeladen', message: 'Das Dokument konnte nicht geladen werden.' };

/**
 * Downloads a document of a guest's booking: the link's token goes in a header (never in an
 * address, where logs and the history would keep it), so the PDF is fetched and handed to the
 * browser as a file.
 */
async function downloadDocument(token: string, booking: MyBooking, document: MyBooking['documents'][number]): Promise<void> {
  const response = await fetch(guestDocumentPath(booking.tenantId, booking.id, document.id), { headers: { [BOOKINGS_LINK_TOKEN_HEADER]: token }, credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const anchor = window.document.createElement('a');
  anchor.href = url;
  anchor.download = `${documentLabel(document.kind)}-${document.number}.pdf`;
  anchor.click();
  URL.revokeObjectURL(url);
}

function GuestDocumentButton({ token, booking, document }: { token: string; booking: MyBooking; document: MyBooking['documents'][number] }) {
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    setLoading(true);
    try {
      await downloadDocument(token, booking, document);
    } catch (error) {
      notifyError(error, downloadFailed);
    } finally {
      setLoading(false);
    }
  };
  return <Button variant="outlined" icon="document" text={`${documentLabel(document.kind)} ${document.number}`} loading={loading} onClick={() => void onClick()} />;
}

/**
 * /meine-buchungen/link#<token>: the page a guest's mailed link opens. The token stands after '#',
 * which browsers never send, and reaches the server only in the body of the GraphQL query; the page
 * only reads: the bookings made with the link's address in every tenant, upcoming or past, with
 * status, payment, documents and "Jetzt bezahlen".
 */
export default function GuestBookingsPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const [period, setPeriod] = useState(periods[0]);
  const { data, loading, error, fetchMore } = useQuery(MyBookingsByLinkDocument, token ? { variables: { token, period: period.value, first: PAGE_SIZE } } : skipToken);
  const page = data?.myBookingsByLink;
  const { loadingMore, loadMore } = useLoadMore(fetchMore, page?.pageInfo.endCursor, 'Weitere Buchungen konnten nicht geladen werden.');
  const refusal = !token ? { code: 'MY_BOOKINGS_LINK_INVALID', title: undefined, message: undefined } : error ? errorInfo(error) : null;

  if (refusal && !page) {
    const invalid = refusal.code === 'MY_BOOKINGS_LINK_INVALID';
    return (
      <PublicPage title="Meine Buchungen">
        <Callout intent="warning" title={refusal.title ?? (invalid ? 'Link ungültig' : 'Buchungen nicht geladen')} className="public-callout" role="alert">
          {refusal.message ?? (invalid ? 'Der Link zu Ihren Buchungen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.' : 'Bitte laden Sie die Seite neu.')}
        </Callout>
        <div className="public-links">
          <Link to="/meine-buchungen">Neuen Link anfordern</Link>
        </div>
      </PublicPage>
    );
  }
  return (
    <PublicPage title="Meine Buchungen" wide>
      <p>Die Buchungen, die mit Ihrer E-Mail-Adresse gemacht wurden, bei allen Stellen. Der Link ist 24 Stunden gültig.</p>
      <MyBookingsList
        period={period}
        onPeriodChange={setPeriod}
        page={page}
        loading={loading}
        failed={false}
        loadingMore={loadingMore}
        onLoadMore={() => void loadMore()}
        documentButton={(document, booking) => <GuestDocumentButton key={document.id} token={token} booking={booking} document={document} />}
      />
      <div className="public-links">
        <Link to="/registrieren">Benutzerkonto anlegen und Buchungen übernehmen</Link>
      </div>
    </PublicPage>
  );
}
