import type { ComponentType } from 'react';
import type { WizardStepKey } from '../wizardSteps';
import { AgendaStep } from './AgendaStep';
import { AttachmentsStep } from './AttachmentsStep';
import { AttendeesStep } from './AttendeesStep';
import { ImagesStep } from './ImagesStep';
import { InformationStep } from './InformationStep';
import { LocationStep } from './LocationStep';
import { OrganizerStep } from './OrganizerStep';

/** The screen of each step route (child routes of the wizard layout, in its chunk). */
export const wizardStepScreens: Record<WizardStepKey, ComponentType> = {
  information: InformationStep,
  eventLocation: LocationStep,
  organizer: OrganizerStep,
  attendees: AttendeesStep,
  agenda: AgendaStep,
  attachments: AttachmentsStep,
  images: ImagesStep,
};
