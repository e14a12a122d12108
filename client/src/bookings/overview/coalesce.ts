/** A burst of calls merged into one run: see coalesce(). */
export interface Coalesced {
  trigger(): void;
  cancel(): void;
}

/**
 * Runs `action` once, `delayMs` after the first call of a burst; calls while it waits join that run.
 * Unlike a debounce that restarts its timer, a steady stream of calls still runs `action` every
 * `delayMs`, so the screen never falls behind by more than that.
 */
export function coalesce(action: () => void, delayMs: number): Coalesced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    trigger() {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        action();
      }, delayMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
