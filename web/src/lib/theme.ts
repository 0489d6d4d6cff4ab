import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

/** Where the user's choice is kept; public/early.js reads the same key before the first paint. */
export const THEME_STORAGE_KEY = 'openlfg-theme';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia?.(SYSTEM_DARK).matches ? 'dark' : 'light';
}

/** The theme the page shows: data-theme on <html>, set by public/early.js before the app starts. */
function currentTheme(): Theme {
  const value = document.documentElement.dataset.theme;
  return value === 'dark' || value === 'light' ? value : (storedTheme() ?? systemTheme());
}

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Until the user chooses, the page follows the system as it changes.
  const media = window.matchMedia?.(SYSTEM_DARK);
  const onSystemChange = () => {
    if (storedTheme() === null) apply(systemTheme());
  };
  media?.addEventListener?.('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', onSystemChange);
  };
}

/** Shows `theme` and remembers it as the user's choice. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered where storage is refused; still shown.
  }
  apply(theme);
}

/** The theme shown now, kept up to date. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
