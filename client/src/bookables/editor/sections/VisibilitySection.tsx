import { useQuery } from '@apollo/client/react';
import { Callout } from '@blueprintjs/core';
import { BookablePickerOptionsDocument } from '../../../gql/graphql';
import { PickerMultiSelect } from './pickerMultiSelect';
import { roleOptions } from './pickerOptions';
import { UserPickerMultiSelect } from './userPicker';
import { EditorSection } from '../fields';

export interface VisibilitySectionProps {
  tenantId: string;
  bookableId: string | null;
}

/**
 * 'Sichtbarkeit und kostenlose Buchung' of the bookable editor: who may see the object (nobody
 * listed means everyone) and who books it free of charge (docs/bookables-and-files.md, “Visibility”).
 */
export function VisibilitySection({ tenantId }: VisibilitySectionProps) {
  const { data, loading, error } = useQuery(BookablePickerOptionsDocument, { variables: { tenantId } });
  const roles = roleOptions(data?.bookablePickerOptions.roles ?? []);

  return (
    <EditorSection title="Sichtbarkeit und kostenlose Buchung" icon="eye-open">
      <div className="bookable-section-part">
        {error && (
          <Callout intent="danger" style={{ marginBottom: 12 }}>
            Rollen konnten nicht geladen werden.
          </Callout>
        )}
        <UserPickerMultiSelect tenantId={tenantId} name="permittedUsers" id="bookable-permittedUsers" label="Sichtbar für Benutzer" />
        <PickerMultiSelect name="permittedRoles" id="bookable-permittedRoles" label="Sichtbar für Rollen" options={roles} loading={loading} />
        <p className="bp6-text-muted">Ohne Auswahl ist das Objekt für alle sichtbar.</p>
      </div>
      <div className="bookable-section-part">
        <UserPickerMultiSelect tenantId={tenantId} name="freeBookingUsers" id="bookable-freeBookingUsers" label="Kostenlos buchbar für Benutzer" />
        <PickerMultiSelect name="freeBookingRoles" id="bookable-freeBookingRoles" label="Kostenlos buchbar für Rollen" options={roles} loading={loading} />
      </div>
    </EditorSection>
  );
}
