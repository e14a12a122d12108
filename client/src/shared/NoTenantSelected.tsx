import { NonIdealState } from '@blueprintjs/core';

/** Shown by tenant screens while no tenant is selected in the drawer. */
export function NoTenantSelected() {
  return <NonIdealState icon="office" title="Kein Mandant ausgewählt" description="Bitte wählen Sie oben in der Navigation einen Mandanten aus." />;
}
