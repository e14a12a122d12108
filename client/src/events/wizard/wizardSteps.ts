/**
 * The seven steps of the event wizard in the stepper's order, and which of them may be opened.
 * In create mode a step opens once it was reached (the furthest step shown so far); in edit mode
 * every step opens. Pure, so the rules are tested without React.
 */
export const wizardSteps = [
  { key: 'information', path: 'information', label: 'Information' },
  { key: 'eventLocation', path: 'veranstaltungsort', label: 'Veranstaltungsort' },
  { key: 'organizer', path: 'veranstalter', label: 'Veranstalter' },
  { key: 'attendees', path: 'teilnehmer', label: 'Teilnehmer' },
  { key: 'agenda', path: 'agenda', label: 'Agenda' },
  { key: 'attachments', path: 'anhaenge', label: 'Anhänge' },
  { key: 'images', path: 'bilder', label: 'Bilder' },
] as const;

export type WizardStep = (typeof wizardSteps)[number];
export type WizardStepKey = WizardStep['key'];
export type WizardMode = 'create' | 'edit';

export const LAST_STEP = wizardSteps.length - 1;

/** The base path of a mode: /admin/veranstaltungen/create or …/edit. */
export const wizardBasePath = (mode: WizardMode) => `/admin/veranstaltungen/${mode}`;

/** The address of a step; edit mode keeps the event's id in the query. */
export function stepUrl(mode: WizardMode, index: number, id?: string | null): string {
  const step = wizardSteps[Math.min(Math.max(index, 0), LAST_STEP)];
  const query = mode === 'edit' && id ? `?id=${encodeURIComponent(id)}` : '';
  return `${wizardBasePath(mode)}/${step.path}${query}`;
}

/** The step index of a path segment ("veranstalter" → 2), or -1. */
export function stepIndexOfPath(path: string | undefined): number {
  return wizardSteps.findIndex((step) => step.path === path);
}

/** The step index of a location's pathname (its last segment), or -1. */
export function stepIndexOfPathname(pathname: string): number {
  return stepIndexOfPath(pathname.replace(/\/+$/, '').split('/').pop());
}

/** Whether a step may be opened from the stepper: every step in edit mode, reached steps in create mode. */
export function isStepOpen(mode: WizardMode, index: number, reached: number): boolean {
  if (index < 0 || index > LAST_STEP) return false;
  return mode === 'edit' || index <= reached;
}

/**
 * A step shows its check mark once the person went past it and it is valid (a step made invalid
 * again, e.g. by clearing the name after going back, loses the mark).
 */
export function isStepComplete(index: number, reached: number, valid: boolean): boolean {
  return index < reached && valid;
}

/** The step actually shown for a requested one: a create step not reached yet falls back to the furthest reached. */
export function allowedStep(mode: WizardMode, requested: number, reached: number): number {
  if (requested < 0) return 0;
  if (isStepOpen(mode, requested, reached)) return requested;
  return Math.min(Math.max(reached, 0), LAST_STEP);
}

/** The furthest step after showing `index`. */
export const reachedAfter = (reached: number, index: number) => Math.min(Math.max(reached, index), LAST_STEP);

/** The pager's buttons of a step: Zurück from the second step on; Weiter before the last, Absenden on it. */
export function pagerButtons(index: number): { back: boolean; next: boolean; submit: boolean } {
  return { back: index > 0, next: index < LAST_STEP, submit: index === LAST_STEP };
}

/** The wizard's heading. */
export const wizardHeading = (mode: WizardMode) => (mode === 'edit' ? 'Veranstaltung bearbeiten' : 'Veranstaltung erstellen');
