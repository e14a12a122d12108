import { type RefObject, useLayoutEffect } from 'react';

/*
 * react-big-calendar marks its grid up as half a table: rows without cells, column headers outside
 * any row, an English "Month View" label. Screen readers announce that wrongly (and axe reports it
 * as serious), so the table roles come off; the entries are buttons whose names say day, time,
 * customer and object (entryLabel), which is what the grid conveys to the eye.
 */
const TABLE_ROLES = ['table', 'row', 'rowgroup', 'cell', 'columnheader'];
const TABLE_ROLE_SELECTOR = TABLE_ROLES.map((role) => `[role="${role}"]`).join(',');

export function stripTableRoles(root: ParentNode): void {
  for (const element of root.querySelectorAll(TABLE_ROLE_SELECTOR)) {
    element.removeAttribute('role');
    element.removeAttribute('aria-sort');
    element.removeAttribute('aria-label');
  }
}

/** Keeps the table roles off the calendar's grid in `container`, also after each re-render. */
export function useGridWithoutTableRoles(container: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    stripTableRoles(root);
    const observer = new MutationObserver(() => stripTableRoles(root));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['role'],
    });
    return () => observer.disconnect();
  }, [container]);
}
