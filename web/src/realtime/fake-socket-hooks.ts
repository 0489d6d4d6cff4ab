import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { disposeRealtimeConnection } from './connection';
import { FakeSocket } from './fake-socket';

/**
 * The hooks of a test file whose app opens the tab's realtime socket: each test starts with a FakeSocket for
 * WebSocket and no sockets yet, and ends with the app unmounted before the connection is disposed (a render after
 * the dispose would make a new connection that outlives the test).
 */
export function stubRealtimeSockets(): void {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    cleanup();
    disposeRealtimeConnection();
  });
}
