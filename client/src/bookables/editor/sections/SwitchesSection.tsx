import { useQuery } from '@apollo/client/react';
import { useFormState } from 'react-final-form';
import { BookablePublicQuotaDocument } from '../../../gql/graphql';
import { EditorSection } from '../fields';
import { SwitchField } from '../../../shared/forms/SwitchField';
import type { BookableFormValues } from '../formValues';

export const PUBLIC_QUOTA_TEXT =
  'Sie haben die maximale Anzahl an öffentlichen Buchungsobjekten erreicht. Erweitern Sie Ihr Kontingent, oder löschen Sie nicht mehr benötigte Buchungsobjekte.';

export const SERIES_HINT = 'Bürgerinnen und Bürger dürfen das Objekt auf der Buchungsseite wöchentlich, täglich oder monatlich wiederkehrend buchen (bezahlt per Rechnung). Mitarbeitende dürfen Serien immer buchen.';

/** Schalter: bookable, public (within the public quota unless already public), auto-confirm, series for the public. */
export function SwitchesSection({ tenantId }: { tenantId: string }) {
  const { data } = useQuery(BookablePublicQuotaDocument, { variables: { tenantId }, fetchPolicy: 'network-only' });
  const { initialValues } = useFormState<BookableFormValues>({ subscription: { initialValues: true } });
  // Making an object public needs a free quota place, unless it is public already (stored).
  const quotaReached = data?.bookablePublicQuotaAvailable === false && !initialValues?.isPublic;
  return (
    <EditorSection title="Schalter" icon="settings">
      <SwitchField name="isBookable" label="Buchbar" />
      <SwitchField name="isPublic" label="Öffentlich sichtbar" disabled={quotaReached} hint={quotaReached ? PUBLIC_QUOTA_TEXT : undefined} />
      <SwitchField name="autoCommitBooking" label="Buchungen automatisch bestätigen" />
      <SwitchField name="allowSeries" label="Regelmäßige Buchungen (Serien) erlauben" hint={SERIES_HINT} />
    </EditorSection>
  );
}
