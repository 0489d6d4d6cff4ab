// Sets the colour theme on <html> before the first paint, so a dark page never flashes light: the choice the
// user made with the menu's toggle (localStorage), else the system's. A file of its own, not an inline script,
// because the site's Content-Security-Policy allows only scripts from the site itself. The app keeps it up to
// date afterwards (web/src/lib/theme.ts, which uses the same storage key).
/* global window, document */
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('openlfg-theme');
  } catch {
    // Storage can be refused (private modes, blocked cookies): follow the system.
  }
  if (theme !== 'dark' && theme !== 'light') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
