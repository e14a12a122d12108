import { Button, NonIdealState } from '@blueprintjs/core';
import { useRouteError } from 'react-router-dom';

/** Shown when a screen fails to render or its chunk fails to load (e.g. after a deployment). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <NonIdealState
      className="app-route-error"
      icon="error"
      title="Fehler"
      description="Etwas ist schiefgelaufen. Bitte laden Sie die Seite neu."
      action={<Button intent="primary" text="Seite neu laden" onClick={() => window.location.reload()} />}
    />
  );
}
