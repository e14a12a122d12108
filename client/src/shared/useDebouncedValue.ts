import { useEffect, useState } from 'react';

/** What a search sends to the server while typing: the value once it has rested `delayMs`, so each keystroke is not a request. */
export const SEARCH_DELAY_MS = 300;

/** `value` after it stopped changing for `delayMs`; the first value at once. */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** What a picker sends while typing: sooner than a list's search, since a picker is read word by word. */
export const PICKER_SEARCH_DELAY_MS = 200;
