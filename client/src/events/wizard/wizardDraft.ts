import { emptyEventValues, type EventFormValues } from './eventFormValues';
import { LAST_STEP, type WizardMode } from './wizardSteps';

/**
 * The wizard's draft in the tab's sessionStorage, so a reload of a step keeps what was entered: one
 * draft per mode and event (create, edit of event x). Restored on load, removed after a successful
 * submit and on cancel. A draft that cannot be read is ignored.
 */
export interface WizardDraft {
  values: EventFormValues;
  /** The furthest step reached (create mode's stepper). */
  reached: number;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const VERSION = 1;
const PREFIX = 'eventWizardDraft';

export function draftKey(mode: WizardMode, id?: string | null): string {
  return mode === 'edit' ? `${PREFIX}:edit:${id ?? ''}` : `${PREFIX}:create`;
}

function sessionStore(): DraftStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage blocked by the browser: the wizard works without drafts.
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The stored values over the empty form, section by section, so a draft of an older form still fits. */
function withDefaults(values: Record<string, unknown>): EventFormValues {
  const empty = emptyEventValues() as unknown as Record<string, unknown>;
  const result: Record<string, unknown> = { ...empty };
  for (const [key, fallback] of Object.entries(empty)) {
    const stored = values[key];
    if (stored === undefined) continue;
    if (isRecord(fallback)) result[key] = isRecord(stored) ? { ...fallback, ...stored } : fallback;
    else if (Array.isArray(fallback)) result[key] = Array.isArray(stored) ? stored : fallback;
    else if (typeof stored === typeof fallback) result[key] = stored;
  }
  return result as unknown as EventFormValues;
}

export function loadDraft(key: string, storage: DraftStorage | null = sessionStore()): WizardDraft | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || parsed.version !== VERSION || !isRecord(parsed.values)) return null;
    const reached = typeof parsed.reached === 'number' && Number.isInteger(parsed.reached) ? Math.min(Math.max(parsed.reached, 0), LAST_STEP) : 0;
    return { values: withDefaults(parsed.values), reached };
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: WizardDraft, storage: DraftStorage | null = sessionStore()): void {
  try {
    storage?.setItem(key, JSON.stringify({ version: VERSION, values: draft.values, reached: draft.reached }));
  } catch {
    // Full or blocked storage: the draft is a convenience, the form goes on.
  }
}

export function clearDraft(key: string, storage: DraftStorage | null = sessionStore()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // see saveDraft
  }
}
