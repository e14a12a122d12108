import { describe, expect, it } from 'vitest';
import type { TenantChangeEntryFragment } from '../../gql/graphql';
import { changeLogRow } from './changeLogRows';

const entry = (overrides: Partial<TenantChangeEntryFragment>): TenantChangeEntryFragment => ({
  id: '7',
  at: '2026-01-15T08:30:00.000Z',
  subject: 'tenant_settings',
  subjectId: 't-1',
  subjectLabel: 'Gemeinde Beispiel',
  action: 'changed',
  actor: { kind: 'user', id: 'paula@rathaus.example', label: 'Paula Prüfer', role: 'staff' },
  via: 'graphql',
  changes: [],
  ...overrides,
});

describe('changeLogRow', () => {
  it('writes the moment in Berlin winter time (24 hours), who and what in German', () => {
    expect(changeLogRow(entry({}))).toMatchObject({ when: '15.01.2026, 09:30', actor: 'Paula Prüfer (Mitarbeiter/in)', action: 'Geändert', subject: 'Einstellungen' });
    expect(changeLogRow(entry({ subject: 'role', subjectLabel: 'Hausmeister', action: 'created' }))).toMatchObject({ subject: 'Rolle „Hausmeister“', action: 'Angelegt' });
    // Owners and instance owners are named in their role; entries from before roles were recorded read as staff.
    const by = (role: string | null) => changeLogRow(entry({ actor: { kind: 'user', id: 'p@x.example', label: 'Paula Prüfer', role } })).actor;
    expect([by('tenant_owner'), by('instance_owner'), by(null)]).toEqual(['Paula Prüfer (Inhaber/in)', 'Paula Prüfer (Instanz-Administration)', 'Paula Prüfer (Mitarbeiter/in)']);
    expect(changeLogRow(entry({ subject: 'membership', actor: { kind: 'system', id: null, label: 'Single Sign-on', role: null }, via: 'sso' })).actor).toBe('System (Single Sign-on) · Anmeldung (SSO)');
  });

  it('lists fields with old and new value, flags as Ja/Nein, access flags in German, a secret only as changed', () => {
    const row = changeLogRow(
      entry({
        changes: [
          { field: 'contactName', concealed: false, before: '"Paula Prüfer"', after: '"Petra Protokoll"' },
          { field: 'enablePublicStatusView', concealed: false, before: 'false', after: 'true' },
          { field: 'manageBookings', concealed: false, before: '["readAny"]', after: '["readAny","updateAny"]' },
          { field: 'noreplyPassword', concealed: true, before: null, after: null },
          { field: 'roles', concealed: false, before: 'null', after: '["Alle"]' },
        ],
      }),
    );
    expect(row.changes).toEqual([
      'Ansprechpartner: Paula Prüfer → Petra Protokoll',
      'Öffentliche Abfrage des Buchungsstatus: Nein → Ja',
      'Buchungen verwalten: Alle lesen → Alle lesen, Alle ändern',
      'SMTP-Passwort: geändert (geheim)',
      'Rollen: Alle',
    ]);
  });

  it('names the Bundesland and writes the school holidays as periods with German dates', () => {
    const row = changeLogRow(
      entry({
        changes: [
          { field: 'holidayRegion', concealed: false, before: '""', after: '"DE-BE"' },
          { field: 'schoolHolidays', concealed: false, before: '[]', after: JSON.stringify([{ title: 'Herbstferien', from: '2027-10-11', to: '2027-10-23' }]) },
        ],
      }),
    );
    expect(row.changes).toEqual(['Bundesland für Feiertage: – → Berlin', 'Schulferien: – → Herbstferien 11.10.2027–23.10.2027']);
  });

  it('names a changed template without either document; cuts other long text', () => {
    const html = `"<!DOCTYPE html>${'x'.repeat(300)}"`;
    const [template, notice] = changeLogRow(
      entry({
        changes: [
          { field: 'receiptTemplate', concealed: false, before: '""', after: html },
          { field: 'privacyNotice', concealed: false, before: 'null', after: JSON.stringify('y'.repeat(300)) },
        ],
      }),
    ).changes;
    expect(template).toBe('Zahlungsbeleg-Vorlage: geändert');
    expect(notice).toMatch(/^Datenschutzhinweis: y+…$/);
    expect(notice.length).toBeLessThan(150);
  });
});
