import { type RefObject, useEffect, useState } from 'react';

export interface ScrollEdges {
  /** More content before (above or to the left). */
  before: boolean;
  /** More content after (below or to the right). */
  after: boolean;
}

/**
 * Whether a scrolling area has more to show before and after what is visible, for the fades at
 * its edges. Read on scroll (at most once a frame) and whenever the area or its content resizes;
 * state changes only when an edge does, so scrolling does not re-render the cards. `shown`: whether
 * the area is rendered (a component that first shows something else passes false until it is).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, axis: 'vertical' | 'horizontal', shown = true): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element || !shown) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const [position, size, client] =
        axis === 'vertical' ? [element.scrollTop, element.scrollHeight, element.clientHeight] : [element.scrollLeft, element.scrollWidth, element.clientWidth];
      // One pixel of slack: zoomed pages scroll to fractions.
      const next = { before: position > 1, after: position + client < size - 1 };
      setEdges((previous) => (previous.before === next.before && previous.after === next.after ? previous : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(element);
    for (const child of Array.from(element.children)) resize.observe(child);
    // Cards coming and going change the content's size without resizing the area itself.
    const mutations = new MutationObserver(schedule);
    mutations.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('scroll', schedule);
      resize.disconnect();
      mutations.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref, axis, shown]);
  return edges;
}
