/** Where public/early.js keeps the button pressed on a server-rendered page before the app took it over. */
interface EarlyScriptWindow {
  openlfgHeldPress?: HTMLElement;
}

/**
 * Presses again the button public/early.js held back from a press before the takeover: called once
 * `hydrateRoot` is, on the same element (hydration adopts the server's nodes). React answers a click on a part
 * it has yet to hydrate by hydrating that part at once, then handing it the click. Focus stays where it is.
 */
export function replayHeldPress(): void {
  const early = window as Window & EarlyScriptWindow;
  const button = early.openlfgHeldPress;
  delete early.openlfgHeldPress;
  button?.click();
}
