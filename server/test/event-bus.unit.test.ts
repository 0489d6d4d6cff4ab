import { describe, expect, it } from 'vitest';
import { decodeBusEvent, encodeBusEvent, type BusEvent } from '../src/platform/bus/event-bus.js';

describe('bus events on the wire', () => {
  it('carries issues-changed with its ids, and refuses one with anything but ids', () => {
    const event: BusEvent = { kind: 'issues-changed', issueIds: [3, 41] };
    expect(decodeBusEvent(encodeBusEvent(event))).toEqual(event);
    expect(decodeBusEvent(JSON.stringify({ kind: 'issues-changed', issueIds: ['3'] }))).toBeNull();
    expect(decodeBusEvent(JSON.stringify({ kind: 'issues-changed' }))).toBeNull();
  });
});
