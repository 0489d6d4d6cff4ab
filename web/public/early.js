// What has to happen before the page is painted and before the app's code runs (module scripts are deferred):
// a blocking script in index.html's head, so kept small and plain. A file of its own, not an inline script,
// because the site's Content-Security-Policy allows only scripts from the site itself.
/* global window, document */

// The colour theme on <html> before the first paint, so a dark page never flashes light: the choice the user
// made with the menu's toggle (localStorage), else the system's. The app keeps it up to date afterwards
// (web/src/lib/theme.ts, which uses the same storage key).
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

// A page the server rendered (<html data-hydrating>) shows its buttons before the app has taken it over
// (web/src/ssr/hydrate.ts): a press then, by key or pointer, fires a click that no handler hears yet, and the
// user's press is lost. It is held instead: the click goes no further and does nothing of its own (a submit
// button sends no form), and the button is kept, the latest pressed, for the app to press again once it has
// the page (web/src/ssr/held-press.ts). Links and fields keep their own behaviour: what is typed or ticked meanwhile
// stays in the field, and the app is told of it as it takes the page over (web/src/ssr/early-input.ts).
(function () {
  var html = document.documentElement;
  if (!html.hasAttribute('data-hydrating')) return;
  function hold(event) {
    if (!html.hasAttribute('data-hydrating')) {
      window.removeEventListener('click', hold, true);
      return;
    }
    var target = event.target;
    var button = target && target.closest ? target.closest('#root button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    window.openlfgHeldPress = button;
  }
  // On the window, capturing: before React's listeners on the root, which must not see a press it replays.
  window.addEventListener('click', hold, true);
})();
