import { Section, SectionCard, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate } from '../../shared/format';
import { permissionLabels } from '../../shared/permissions';
import { useAppState } from '../../shared/store';
import { AccountDataSection } from './AccountDataSection';
import { PasswordSection } from './PasswordSection';
import { type ProfileField, ProfileRow } from './ProfileRow';
import { PageTitle } from '../../shared/PageTitle';

const contactRows: { title: string; field: ProfileField }[] = [
  { title: 'Firma', field: { name: 'company', label: 'Firma', autoComplete: 'organization' } },
  { title: 'Telefon', field: { name: 'phone', label: 'Telefon', type: 'tel', autoComplete: 'tel' } },
  { title: 'Straße und Hausnummer', field: { name: 'address', label: 'Straße und Hausnummer', autoComplete: 'street-address' } },
  { title: 'Postleitzahl', field: { name: 'zipCode', label: 'Postleitzahl', autoComplete: 'postal-code' } },
  { title: 'Ort', field: { name: 'city', label: 'Ort', autoComplete: 'address-level2' } },
];

/** Account settings (/admin/einstellungen). */
export default function SettingsPage() {
  const user = useAppState((state) => state.user);
  const [openRow, setOpenRow] = useState<string | null>(null);
  if (!user) return null;
  const rowState = (key: string) => ({ open: openRow === key, onOpenChange: (open: boolean) => setOpenRow(open ? key : null) });
  const labels = permissionLabels(user.permissions);
  const values = {
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    zipCode: user.zipCode ?? '',
    city: user.city ?? '',
  };

  return (
    <section className="admin-page settings-page">
      <PageTitle>Einstellungen</PageTitle>
      <Section title="Öffentliche Daten" icon="user" elevation={1}>
        <SectionCard padded={false}>
          <ProfileRow
            title="Name"
            {...rowState('name')}
            values={values}
            fields={[
              { name: 'firstName', label: 'Vorname', autoComplete: 'given-name', required: true },
              { name: 'lastName', label: 'Nachname', autoComplete: 'family-name', required: true },
            ]}
          />
          <div className="settings-row settings-row-static">
            <span className="settings-row-title">Beigetreten am</span>
            <span className="settings-row-value">{formatDate(user.created)}</span>
          </div>
        </SectionCard>
      </Section>
      <Section title="Kontaktdaten" icon="id-number" elevation={1}>
        <SectionCard padded={false}>
          {contactRows.map((row) => (
            <ProfileRow key={row.field.name} title={row.title} {...rowState(row.field.name)} values={values} fields={[row.field]} />
          ))}
        </SectionCard>
      </Section>
      <Section title="Sicherheit" icon="key" elevation={1}>
        <SectionCard>
          <PasswordSection user={user} />
        </SectionCard>
      </Section>
      <Section title="Meine Daten und Konto" icon="database" elevation={1}>
        <SectionCard>
          <AccountDataSection user={user} />
        </SectionCard>
      </Section>
      <Section title="Berechtigungen" icon="shield" elevation={1}>
        <SectionCard>
          {labels.length === 0 ? (
            <p>Keine besonderen Berechtigungen</p>
          ) : (
            <ul className="settings-permissions">
              {labels.map((label) => (
                <li key={label}>
                  <Tag minimal large>
                    {label}
                  </Tag>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </Section>
    </section>
  );
}
