import type { ReactNode } from 'react';

/**
 * The buttons of a long form (Speichern, and Abbrechen or Zurücksetzen), held at the bottom of the
 * window while the form scrolls: saving is always one click away, wherever the person is.
 */
export function SaveBar({ children }: { children: ReactNode }) {
  return <div className="save-bar">{children}</div>;
}
