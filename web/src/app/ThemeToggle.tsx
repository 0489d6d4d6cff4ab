import { setTheme, useTheme } from '../lib/theme';
import { VisuallyHidden } from '../components/VisuallyHidden';

export const THEME_TOGGLE_LABEL = 'Dark mode';

/**
 * The dark mode switch of the bar and the side menu: pressed while the page is dark. The choice is remembered;
 * until one is made the page follows the system's setting.
 */
export function ThemeToggle({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const dark = useTheme() === 'dark';
  return (
    <button
      type="button"
      className={className}
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"
          fill={dark ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {showLabel ? <span>{THEME_TOGGLE_LABEL}</span> : <VisuallyHidden>{THEME_TOGGLE_LABEL}</VisuallyHidden>}
    </button>
  );
}
