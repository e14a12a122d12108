import { describe, expect, it } from 'vitest';
import { EDGE_SCROLL_MARGIN, EDGE_SCROLL_STEP, edgeScrollStep } from './edgeScroll';

const row = { start: 0, end: 1200 };
const height = { start: 100, end: 700 };

describe('edgeScrollStep', () => {
  it('scrolls 10 px a frame within 100 px of an edge', () => {
    expect([EDGE_SCROLL_MARGIN, EDGE_SCROLL_STEP]).toEqual([100, 10]);
    expect(edgeScrollStep(20, 300, row, height)).toBe(-10);
    expect(edgeScrollStep(99, 300, row, height)).toBe(-10);
    expect(edgeScrollStep(1150, 300, row, height)).toBe(10);
    expect(edgeScrollStep(1101, 300, row, height)).toBe(10);
  });

  it('does nothing in the middle, outside the area, or beside it on the other axis', () => {
    expect(edgeScrollStep(100, 300, row, height)).toBe(0);
    expect(edgeScrollStep(600, 300, row, height)).toBe(0);
    expect(edgeScrollStep(1300, 300, row, height)).toBe(0);
    expect(edgeScrollStep(20, 800, row, height)).toBe(0);
  });

  it('keeps a still middle on a narrow area (a phone)', () => {
    const narrow = { start: 0, end: 300 };
    expect(edgeScrollStep(70, 300, narrow, height)).toBe(-10);
    expect(edgeScrollStep(80, 300, narrow, height)).toBe(0);
    expect(edgeScrollStep(150, 300, narrow, height)).toBe(0);
    expect(edgeScrollStep(230, 300, narrow, height)).toBe(10);
  });
});
