import { describe, expect, it } from 'vitest';
import { allowedStep, isStepComplete, isStepOpen, LAST_STEP, pagerButtons, reachedAfter, stepIndexOfPath, stepIndexOfPathname, stepUrl, wizardSteps } from './wizardSteps';

describe('event wizard steps', () => {
  it('has the seven steps in the stepper order with their paths', () => {
    expect(wizardSteps.map((step) => step.label)).toEqual(['Information', 'Veranstaltungsort', 'Veranstalter', 'Teilnehmer', 'Agenda', 'Anhänge', 'Bilder']);
    expect(wizardSteps.map((step) => step.path)).toEqual(['information', 'veranstaltungsort', 'veranstalter', 'teilnehmer', 'agenda', 'anhaenge', 'bilder']);
    expect(LAST_STEP).toBe(6);
  });

  it('builds step addresses, keeping the id in edit mode', () => {
    expect(stepUrl('create', 0)).toBe('/admin/veranstaltungen/create/information');
    expect(stepUrl('create', 6, 'x')).toBe('/admin/veranstaltungen/create/bilder');
    expect(stepUrl('edit', 2, 'a b')).toBe('/admin/veranstaltungen/edit/veranstalter?id=a%20b');
    expect(stepUrl('edit', 99, 'e1')).toBe('/admin/veranstaltungen/edit/bilder?id=e1');
  });

  it('finds a step by its path', () => {
    expect(stepIndexOfPath('anhaenge')).toBe(5);
    expect(stepIndexOfPath('nope')).toBe(-1);
    expect(stepIndexOfPathname('/admin/veranstaltungen/create/teilnehmer/')).toBe(3);
    expect(stepIndexOfPathname('/admin/veranstaltungen/create')).toBe(-1);
  });

  it('opens only reached steps in create mode and every step in edit mode', () => {
    expect(isStepOpen('create', 0, 0)).toBe(true);
    expect(isStepOpen('create', 1, 0)).toBe(false);
    expect(isStepOpen('create', 2, 3)).toBe(true);
    expect(isStepOpen('edit', 6, 0)).toBe(true);
    expect(isStepOpen('edit', 7, 0)).toBe(false);
  });

  it('marks steps complete once passed and valid', () => {
    expect(isStepComplete(0, 1, true)).toBe(true);
    expect(isStepComplete(0, 1, false)).toBe(false);
    expect(isStepComplete(1, 1, true)).toBe(false);
  });

  it('falls back to the furthest reached step for a create step not reached yet', () => {
    expect(allowedStep('create', 4, 2)).toBe(2);
    expect(allowedStep('create', 1, 2)).toBe(1);
    expect(allowedStep('create', -1, 2)).toBe(0);
    expect(allowedStep('edit', 5, 0)).toBe(5);
    expect(reachedAfter(2, 4)).toBe(4);
    expect(reachedAfter(5, 1)).toBe(5);
  });

  it('offers Weiter, Zurück and Absenden by position', () => {
    expect(pagerButtons(0)).toEqual({ back: false, next: true, submit: false });
    expect(pagerButtons(3)).toEqual({ back: true, next: true, submit: false });
    expect(pagerButtons(6)).toEqual({ back: true, next: false, submit: true });
  });
});
