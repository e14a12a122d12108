import { useMutation } from '@apollo/client/react';
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { ClaimGuestBookingsDocument } from '../../gql/graphql';
import { notifyError } from '../../shared/toast';

/** "2 Buchungen übernommen", "Eine Buchung übernommen", or that there were none. */
export function claimedText(claimed: number): string {
  if (claimed === 0) return 'Zu Ihrer E-Mail-Adresse gibt es keine Buchungen ohne Konto.';
  return claimed === 1 ? 'Eine Buchung wurde in Ihr Konto übernommen.' : `${claimed} Buchungen wurden in Ihr Konto übernommen.`;
}

/**
 * "Als Gast gebuchte übernehmen": bookings made without signing in, with the account's own
 * (verified) address, join the account on request, not silently: the person sees what happens, and
 * the staff's history of each booking names the account. Taken over, they belong to the lists of
 * "Meine Buchungen", which are read anew from the server.
 */
export function ClaimGuestBookings() {
  const [claimed, setClaimed] = useState<number | null>(null);
  const [claim, { loading }] = useMutation(ClaimGuestBookingsDocument, {
    update(cache, { data }) {
      if (!data?.claimGuestBookings) return;
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'myBookings' });
      cache.gc();
    },
  });
  const onClaim = async () => {
    try {
      const answer = await claim();
      setClaimed(answer.data?.claimGuestBookings ?? 0);
    } catch (error) {
      notifyError(error, { title: 'Nicht übernommen', message: 'Die Buchungen konnten nicht übernommen werden.' });
    }
  };
  return (
    <Callout className="my-bookings-claim" icon="import" title="Ohne Anmeldung gebucht?" role={claimed === null ? undefined : 'status'}>
      {claimed === null ? (
        <>
          <p>Buchungen, die Sie als Gast mit der E-Mail-Adresse dieses Kontos gemacht haben, können Sie hier in Ihr Konto übernehmen.</p>
          <Button icon="import" text="Als Gast gebuchte übernehmen" loading={loading} onClick={() => void onClaim()} />
        </>
      ) : (
        <p>{claimedText(claimed)}</p>
      )}
    </Callout>
  );
}
