/**
 * Open sockets per session and per address on this node. Each socket costs memory, a heartbeat and a share of
 * every room's fan-out, so a client opening sockets in a loop is stopped long before it matters, while the caps
 * stay far above what a person with many tabs opens.
 */
export interface ConnectionCaps {
  perSession: number;
  /** 0 is no cap (a load test from one address). */
  perAddress: number;
}

export function createConnectionCounter(caps: ConnectionCaps) {
  const bySession = new Map<string, number>();
  const byAddress = new Map<string, number>();

  const isFull = (counts: Map<string, number>, key: string, cap: number) =>
    cap > 0 && (counts.get(key) ?? 0) >= cap;
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const remove = (counts: Map<string, number>, key: string) => {
    const count = (counts.get(key) ?? 1) - 1;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  };

  return {
    /**
     * Counts one more socket for the session (null when anonymous) and the address, or answers null when
     * either is already at its cap. The answer gives the socket's place back, once, when it closes.
     */
    admit(session: string | null, address: string): (() => void) | null {
      if (isFull(byAddress, address, caps.perAddress)) return null;
      if (session !== null && isFull(bySession, session, caps.perSession)) return null;
      add(byAddress, address);
      if (session !== null) add(bySession, session);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        remove(byAddress, address);
        if (session !== null) remove(bySession, session);
      };
    },
  };
}
