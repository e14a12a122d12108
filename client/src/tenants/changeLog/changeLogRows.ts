import { changeActorLabel } from '../../../../common/changes/actor';
import { formatBerlinDateTime } from '../../../../common/format/german';
import {
  isTemplateField,
  SECRET_CHANGED_TEXT,
  tenantChangeActionLabel,
  tenantChangeFieldLabel,
  tenantChangeSubjectLabel,
  tenantChangeValueText,
} from '../../../../common/tenants/change-log';
import type { TenantChangeEntryFragment } from '../../gql/graphql';

/** One row of the change log table, in German. */
export interface ChangeLogRow {
  id: string;
  at: string;
  /** "26.11.2026, 14:05" in Berlin time. */
  when: string;
  actor: string;
  /** "Rolle „Hausmeister“". */
  subject: string;
  action: string;
  /** "Name: Alt → Neu"; a secret: "Passwort: geändert (geheim)"; a template: "E-Mail-Vorlage: geändert"; a value that is new alone: "Name: Neu". */
  changes: string[];
}

/** The values travel as JSON text; anything unreadable is shown as it came. */
function parsed(value: string | null | undefined): unknown {
  if (value === null || value === undefined) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const VIA_TEXT: Readonly<Record<string, string>> = { sso: 'Anmeldung (SSO)', rest: 'REST-Schnittstelle' };

export function changeLogRow(entry: TenantChangeEntryFragment): ChangeLogRow {
  const area = tenantChangeSubjectLabel(entry.subject);
  const via = VIA_TEXT[entry.via];
  return {
    id: entry.id,
    at: entry.at,
    when: formatBerlinDateTime(new Date(entry.at)),
    actor: via ? `${changeActorLabel(entry.actor)} · ${via}` : changeActorLabel(entry.actor),
    subject: entry.subjectLabel && entry.subject !== 'tenant_settings' ? `${area} „${entry.subjectLabel}“` : area,
    action: tenantChangeActionLabel(entry.action),
    changes: entry.changes.map((change) => {
      const label = tenantChangeFieldLabel(change.field);
      if (change.concealed) return `${label}: ${SECRET_CHANGED_TEXT}`;
      if (isTemplateField(change.field)) return `${label}: geändert`;
      const before = parsed(change.before);
      const after = tenantChangeValueText(change.field, parsed(change.after));
      return before === null ? `${label}: ${after}` : `${label}: ${tenantChangeValueText(change.field, before)} → ${after}`;
    }),
  };
}
