import { useCallback, useEffect, useRef, useState } from 'react';

/** Specification 01 section 9: after a failed form check the error display resets after 4000 ms. */
export const ERROR_DISPLAY_MS = 4000;

/** Whether field errors are shown right now, and `flash()` to show them for ERROR_DISPLAY_MS. */
export function useTransientErrors(duration = ERROR_DISPLAY_MS): [boolean, () => void] {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flash = useCallback(() => {
    setVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), duration);
  }, [duration]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [visible, flash];
}
