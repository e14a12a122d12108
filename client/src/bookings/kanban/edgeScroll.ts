/**
 * Scrolling while a card is dragged near an edge (docs/bookings.md, “Kanban view”): within 100 px of the
 * edge, 10 px per frame. The auto-scroll package scrolls the columns (its speed and hitbox can
 * only be chosen as "standard" or "fast"); this small scroller does the stated behaviour for the
 * board's row of columns (sideways) and the page (up and down), which the package leaves alone here.
 */
export const EDGE_SCROLL_MARGIN = 100;
export const EDGE_SCROLL_STEP = 10;

export interface Span {
  start: number;
  end: number;
}

/**
 * The scroll of one frame along one axis: −step near the start edge, +step near the end edge, 0
 * elsewhere or when the pointer is outside the area (`cross`: the area's extent on the other axis).
 * On an area narrower than four margins the margin shrinks to a quarter of it, so there is always a
 * middle where nothing scrolls.
 */
export function edgeScrollStep(pointer: number, crossPointer: number, along: Span, cross: Span, margin = EDGE_SCROLL_MARGIN, step = EDGE_SCROLL_STEP): number {
  if (pointer < along.start || pointer > along.end || crossPointer < cross.start || crossPointer > cross.end) return 0;
  const reach = Math.min(margin, (along.end - along.start) / 4);
  if (pointer < along.start + reach) return -step;
  if (pointer > along.end - reach) return step;
  return 0;
}

export interface Pointer {
  x: number;
  y: number;
}

/** What is scrolled: an element sideways, or the page up and down. */
export type EdgeScrollTarget = { kind: 'horizontal'; element: HTMLElement } | { kind: 'page' };

/** One frame: scrolls each target by its step for the pointer; answers whether anything moved. */
export function scrollFrame(targets: readonly EdgeScrollTarget[], pointer: Pointer): boolean {
  let moved = false;
  for (const target of targets) {
    if (target.kind === 'horizontal') {
      const box = target.element.getBoundingClientRect();
      const step = edgeScrollStep(pointer.x, pointer.y, { start: box.left, end: box.right }, { start: box.top, end: box.bottom });
      const before = target.element.scrollLeft;
      if (step !== 0) target.element.scrollLeft += step;
      moved ||= target.element.scrollLeft !== before;
    } else {
      const step = edgeScrollStep(pointer.y, pointer.x, { start: 0, end: window.innerHeight }, { start: 0, end: window.innerWidth });
      const before = window.scrollY;
      if (step !== 0) window.scrollBy(0, step);
      moved ||= window.scrollY !== before;
    }
  }
  return moved;
}

/**
 * Runs scrollFrame on every animation frame while a drag lasts; `pointer` is updated by the drag's
 * events. Stopping cancels the next frame.
 */
export function startEdgeScrolling(targets: () => readonly EdgeScrollTarget[], pointer: () => Pointer | null): () => void {
  let frame = 0;
  const tick = () => {
    const at = pointer();
    if (at) scrollFrame(targets(), at);
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(frame);
}
