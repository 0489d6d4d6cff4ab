import { Listeners, type BusEvent, type EventBus } from './event-bus.js';

/**
 * The bus of a single node (PGlite: one process owns the database). Events are delivered on a later turn, as
 * they would be from the database, so a publisher never runs listeners inside its own call.
 */
export function createMemoryBus(onError: (error: unknown) => void): EventBus {
  const events = new Listeners<[BusEvent]>(onError);
  const resyncs = new Listeners<[]>(onError);
  let closed = false;
  const publish = async (event: BusEvent) => {
    if (!closed) setImmediate(() => events.emit(event));
  };
  return {
    publish,
    async publishOnCommit(_trx, event) {
      return () => void publish(event);
    },
    onEvent: (handler) => events.add(handler),
    onResync: (handler) => resyncs.add(handler),
    async close() {
      closed = true;
    },
  };
}
