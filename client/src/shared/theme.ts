import { Classes } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';

/** Light or dark theme, persisted in local storage under "theme" and applied as Blueprint's dark class on <body>. */
export type Theme = 'light' | 'dark';
const THEME_KEY = 'theme';

const listeners = new Set<() => void>();

function storedTheme(): Theme {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let theme: Theme = storedTheme();

export function applyTheme(): void {
  document.body.classList.toggle(Classes.DARK, theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(next: Theme): void {
  theme = next;
  localStorage.setItem(THEME_KEY, next);
  applyTheme();
  listeners.forEach((listener) => listener());
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => theme,
  );
}
