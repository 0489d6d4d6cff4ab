import type { RenderClock } from '@openlfg/contracts';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Clock } from './format';

/** The clock the server rendered the page against (ServerRenderData's); null on a page it did not render. */
const ServerClockContext = createContext<RenderClock | null>(null);

/** Puts the clock a server-rendered page was rendered against under the app: on the server and in the browser. */
export function RenderClockProvider({ clock, children }: { clock: RenderClock | null; children: ReactNode }) {
  return <ServerClockContext value={clock}>{children}</ServerClockContext>;
}

const subscribeToNothing = () => () => {};
const inTheBrowser = () => false;
const onTheServerOrHydrating = () => true;

/**
 * The clock to write dates against ("3 days ago", '11/21/2026'). On the server, and while the browser hydrates
 * what the server rendered, it is the server's (its moment and zone, from the page's data): the two renders
 * write the same text whatever the visitor's clock and zone, so React finds no mismatch. React renders the
 * component again right after hydrating it, with the visitor's clock and zone (useSyncExternalStore's server
 * snapshot is read only while hydrating), and a component rendered in the browser alone has them at once.
 * The same holds for a part hydrated later (a lazy boundary): it starts from the server's clock too.
 */
export function useRenderClock(): Clock {
  const server = useContext(ServerClockContext);
  const fromServer = useSyncExternalStore(subscribeToNothing, inTheBrowser, onTheServerOrHydrating);
  if (fromServer && server) return { now: new Date(server.now), timeZone: server.timeZone };
  return { now: new Date(), timeZone: undefined };
}

/**
 * Renders `children` with the clock to write dates against (`useRenderClock`), for the dates of a larger
 * component: only this part renders again when a server-rendered page switches to the visitor's clock right
 * after hydration, not the whole row or card around it (React does that render at once, in one task).
 */
export function WithRenderClock({ children }: { children: (clock: Clock) => ReactNode }) {
  return children(useRenderClock());
}
