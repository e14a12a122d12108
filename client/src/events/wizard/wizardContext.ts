import { useOutletContext } from 'react-router-dom';
import type { WizardOptionsQuery } from '../../gql/graphql';
import type { WizardMode } from './wizardSteps';

/** What the wizard layout hands its step routes besides the form: the tenant and the pickers' choices. */
export interface WizardContext {
  tenantId: string;
  mode: WizardMode;
  options: WizardOptionsQuery | undefined;
  optionsLoading: boolean;
  /** Seats sold of the stored event (0 when creating). */
  seatsSold: number;
  /** The link of the stored event (null when creating). */
  directLink: string | null;
}

export const useWizardContext = () => useOutletContext<WizardContext>();
