import { useOutletContext } from 'react-router-dom';
import type { WizardOptionsQuery } from '../../gql/graphql';
import type { WizardMode } from './wizardSteps';

/** What the wizard layout hands its step routes besides the form: the tenant and the pickers' choices. */
export interface WizardContext {
  tenantId: string;
  mode: WizardMode;
  options: WizardOptionsQuery | undefined;
  optionsLoading: boolean;
}

export const useWizardContext = () => useOutletContext<WizardContext>();
