import { Icon } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { cx } from '../../shared/cx';
import { isStepComplete, isStepOpen, stepUrl, type WizardMode, wizardSteps } from './wizardSteps';

interface Props {
  mode: WizardMode;
  eventId: string | null;
  current: number;
  reached: number;
  validity: boolean[];
}

/**
 * The sidebar stepper: a navigation with the seven steps, the current one marked aria-current. In
 * create mode a step not reached yet is shown but not a link; passed valid steps carry a check mark.
 */
export function WizardStepper({ mode, eventId, current, reached, validity }: Props) {
  return (
    <nav className="event-wizard-stepper" aria-label="Schritte">
      <ol>
        {wizardSteps.map((step, index) => {
          const complete = isStepComplete(index, reached, validity[index] ?? true);
          const open = isStepOpen(mode, index, reached);
          const content = (
            <>
              <span className={cx('event-wizard-step-badge', complete && 'is-complete')} aria-hidden="true">
                {complete ? <Icon icon="tick" size={12} /> : index + 1}
              </span>
              <span className="event-wizard-step-label">{step.label}</span>
              {complete && <span className="sr-only"> (abgeschlossen)</span>}
            </>
          );
          return (
            <li key={step.key} className={cx('event-wizard-step', index === current && 'is-current', !open && 'is-locked')}>
              {open ? (
                <Link to={stepUrl(mode, index, eventId)} aria-current={index === current ? 'step' : undefined}>
                  {content}
                </Link>
              ) : (
                <span aria-disabled="true">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
