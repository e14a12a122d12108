import { useMutation } from '@apollo/client/react';
import { Button, Callout, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CheckInTicketDocument } from '../../gql/graphql';
import { NoTenantSelected } from '../../shared/NoTenantSelected';
import { useAppState } from '../../shared/store';
import { errorInfo } from '../../shared/toast';
import { checkInMessage, type CheckInMessage } from './checkInMessages';

/**
 * The door ("Einlass"): one field for the typed code or the scanned link of a ticket's QR code,
 * submitted with Enter; the answer in large letters, the field cleared and focused again for the
 * next scan. Opened from a QR link (/einlass?code=…) while signed in, it checks that code once:
 * the check is this page's mutation, never the GET of the link.
 */
export default function CheckInPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  const [search, setSearch] = useSearchParams();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<CheckInMessage | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const linkedCode = useRef(search.get('code'));
  const [checkIn, { loading }] = useMutation(CheckInTicketDocument);

  const submit = async (entered: string) => {
    if (!tenantId || !entered.trim()) return;
    try {
      const result = await checkIn({ variables: { tenantId, code: entered.trim() } });
      if (result.data) setMessage(checkInMessage(result.data.checkInTicket));
    } catch (error) {
      setMessage({ headline: 'Prüfung nicht möglich', details: errorInfo(error).message ?? 'Bitte erneut versuchen.', intent: 'danger' });
    } finally {
      setCode('');
      input.current?.focus();
    }
  };

  useEffect(() => {
    const linked = linkedCode.current;
    if (!linked || !tenantId) return;
    // Once: the code leaves the address, so a reload does not check it again.
    linkedCode.current = null;
    setSearch({}, { replace: true });
    void submit(linked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the linked code is checked once, when the tenant is known
  }, [tenantId]);

  if (!tenantId) return <NoTenantSelected />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  return (
    <section className="check-in-page" aria-labelledby="check-in-title">
      <H2 id="check-in-title">Einlass</H2>
      <form onSubmit={onSubmit}>
        <FormGroup label="Ticketcode oder Link" labelFor="check-in-code" helperText="Code eingeben oder QR-Code scannen, dann Enter.">
          <InputGroup
            id="check-in-code"
            inputRef={input}
            large
            autoFocus
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            rightElement={<Button type="submit" text="Prüfen" loading={loading} variant="minimal" />}
          />
        </FormGroup>
      </form>
      <div aria-live="polite">
        {message && (
          <Callout intent={message.intent} className="check-in-result">
            <p style={{ fontSize: '2rem', fontWeight: 700, margin: 0 }}>{message.headline}</p>
            {message.details && <p style={{ fontSize: '1.25rem', margin: '0.5rem 0 0' }}>{message.details}</p>}
          </Callout>
        )}
      </div>
    </section>
  );
}
