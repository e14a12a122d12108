import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalescing bursts of booking changes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once for a burst, after the delay counted from its first call', () => {
    const action = vi.fn();
    const refresh = coalesce(action, 500);
    refresh.trigger();
    vi.advanceTimersByTime(200);
    refresh.trigger();
    refresh.trigger();
    vi.advanceTimersByTime(299);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('runs again for a call after the run, and at least every delay under a steady stream', () => {
    const action = vi.fn();
    const refresh = coalesce(action, 500);
    for (let elapsed = 0; elapsed < 1500; elapsed += 100) {
      refresh.trigger();
      vi.advanceTimersByTime(100);
    }
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('does not run after being cancelled (the page was left)', () => {
    const action = vi.fn();
    const refresh = coalesce(action, 500);
    refresh.trigger();
    refresh.cancel();
    vi.advanceTimersByTime(1000);
    expect(action).not.toHaveBeenCalled();
  });
});
