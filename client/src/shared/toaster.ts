import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/**
 * The toaster itself, a chunk of its own (shared/toast.tsx imports it on the first toast): Blueprint's
 * overlay, portal and transition code would otherwise be downloaded by every page, most of which
 * never show a toast before the user acts.
 */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: 5, className: 'app-toaster' });
}
