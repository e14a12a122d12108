import { useQuery } from '@apollo/client/react';
import { Callout } from '@blueprintjs/core';
import { BookablePickerOptionsDocument } from '../../../gql/graphql';
import { PickerMultiSelect } from './pickerMultiSelect';
import { roleOptions, userOptions } from './pickerOptions';
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
  const users = userOptions(data?.bookablePickerOptions.users ?? []);
  const roles = roleOptions(data?.bookablePickerOptions.roles ?? []);

  return (
    <EditorSection title="Sichtbarkeit und kostenlose Buchung" icon="eye-open">
      <div className="bookable-section-part">
        {error && (
          <Callout intent="danger" style={{ marginBottom: 12 }}>
            Benutzer und Rollen konnten nicht geladen werden.
          </Callout>
        )}
        <PickerMultiSelect name="permittedUsers" id="bookable-permittedUsers" label="Sichtbar für Benutzer" options={users} loading={loading} />
        <PickerMultiSelect name="permittedRoles" id="bookable-permittedRoles" label="Sichtbar für Rollen" options={roles} loading={loading} />
        <p className="bp6-text-muted">Ohne Auswahl ist das Objekt für alle sichtbar.</p>
      </div>
      <div className="bookable-section-part">
        <PickerMultiSelect name="freeBookingUsers" id="bookable-freeBookingUsers" label="Kostenlos buchbar für Benutzer" options={users} loading={loading} />
        <PickerMultiSelect name="freeBookingRoles" id="bookable-freeBookingRoles" label="Kostenlos buchbar für Rollen" options={roles} loading={loading} />
      </div>
    </EditorSection>
  );
}
