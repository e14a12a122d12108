import { useApolloClient, useQuery } from '@apollo/client/react';
import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type TenantChangeEntryFragment, TenantChangeLogDocument } from '../../gql/graphql';
import { useAppState } from '../../shared/store';
import { changeLogRow } from './changeLogRows';
import './changeLog.css';
import { PageTitle } from '../../shared/PageTitle';

const PAGE = 30;

/**
 * /admin/mandanten/protokoll: the tenant's change log ("Änderungsprotokoll") for its owners and
 * instance owners, newest first, 30 entries at a time ("Mehr laden" for older ones). Read fresh on
 * every visit: the log only grows.
 */
export default function TenantChangeLogPage() {
  const [params] = useSearchParams();
  const currentTenantId = useAppState((state) => state.currentTenantId);
  const id = params.get('id') ?? currentTenantId ?? '';
  const client = useApolloClient();
  const { data, error } = useQuery(TenantChangeLogDocument, { variables: { id, first: PAGE }, skip: !id, fetchPolicy: 'network-only' });
  const [older, setOlder] = useState<{ tenantId: string; entries: TenantChangeEntryFragment[]; nextCursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);

  const first = data?.tenant.changeLog;
  // Pages loaded for another tenant (the selector changed) do not belong here.
  const more = older?.tenantId === id ? older : null;
  const entries = [...(first?.entries ?? []), ...(more?.entries ?? [])];
  const nextCursor = more ? more.nextCursor : (first?.nextCursor ?? null);

  const loadMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await client.query({ query: TenantChangeLogDocument, variables: { id, first: PAGE, after: nextCursor }, fetchPolicy: 'network-only' });
      const log = page.data?.tenant.changeLog;
      if (log) setOlder({ tenantId: id, entries: [...(more?.entries ?? []), ...log.entries], nextCursor: log.nextCursor });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className="admin-page tenant-change-log" aria-labelledby="tenant-change-log-heading">
      <PageTitle id="tenant-change-log-heading">Änderungsprotokoll{data ? ` – ${data.tenant.name}` : ''}</PageTitle>
      <p className="bp6-text-muted">
        Wer hat wann Einstellungen, Rollen, Mitglieder, Zahlungsmethoden, Schließsysteme oder den Workflow dieses Mandanten geändert. Einträge können nicht verändert oder gelöscht werden;
        Passwörter und Schlüssel erscheinen nie, nur dass sie geändert wurden. <Link to={id ? `/admin/mandanten?id=${encodeURIComponent(id)}` : '/admin/mandanten'}>Zurück zu „Mandant verwalten“</Link>
      </p>
      {!id ? (
        <NonIdealState icon="office" title="Kein Mandant ausgewählt" />
      ) : error ? (
        <NonIdealState icon="error" title="Das Änderungsprotokoll konnte nicht geladen werden." />
      ) : !first ? (
        <Spinner aria-label="Daten werden geladen..." />
      ) : entries.length === 0 ? (
        <NonIdealState icon="history" title="Noch keine Einträge" />
      ) : (
        <>
          {/* A table wider than a narrow window scrolls within this box (reachable by keyboard); the page never scrolls sideways. */}
          <div className="tenant-change-log-scroll" tabIndex={0} role="region" aria-labelledby="tenant-change-log-caption">
            <HTMLTable striped className="tenant-change-log-table">
              <caption id="tenant-change-log-caption" className="tenant-change-log-caption">Änderungen, neueste zuerst</caption>
              <thead>
                <tr>
                  <th scope="col">Zeitpunkt</th>
                  <th scope="col">Wer</th>
                  <th scope="col">Was</th>
                  <th scope="col">Änderungen</th>
                </tr>
              </thead>
              <tbody>
                {entries.map(changeLogRow).map((row) => (
                  <tr key={row.id}>
                    <td>
                      <time dateTime={row.at}>{row.when}</time>
                    </td>
                    <td>{row.actor}</td>
                    <td>
                      <strong>{row.action}</strong>: {row.subject}
                    </td>
                    <td>
                      {row.changes.length === 0 ? (
                        '–'
                      ) : (
                        <ul className="tenant-change-log-changes">
                          {row.changes.map((change, index) => (
                            <li key={index}>{change}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {moreFailed && (
            <p role="alert" className="bp6-text-muted">
              Weitere Einträge konnten nicht geladen werden.
            </p>
          )}
          {nextCursor && <Button className="tenant-change-log-more" text="Mehr laden" icon="more" loading={loadingMore} onClick={() => void loadMore()} />}
        </>
      )}
    </section>
  );
}
