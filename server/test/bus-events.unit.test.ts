import { describe, expect, it } from 'vitest';
import { decodeBusEvent, encodeBusEvent } from '../src/platform/bus/event-bus.js';

describe('the bus event of changed issues', () => {
  it('crosses between nodes as it was sent, and a malformed one is dropped', () => {
    const event = { kind: 'issues-changed' as const, issueIds: [3, 14, 15] };
    expect(decodeBusEvent(encodeBusEvent(event))).toEqual(event);
    expect(decodeBusEvent(JSON.stringify({ kind: 'issues-changed', issueIds: ['3'] }))).toBeNull();
    expect(decodeBusEvent(JSON.stringify({ kind: 'issues-changed', issueIds: 3 }))).toBeNull();
  });
});

describe('the bus event of a room whose readers may have changed', () => {
  it('crosses between nodes for a group and for a project, and a malformed one is dropped', () => {
    for (const event of [
      { kind: 'group-access' as const, groupId: 7 },
      { kind: 'project-access' as const, projectId: 12 },
    ]) {
      expect(decodeBusEvent(encodeBusEvent(event))).toEqual(event);
    }
    expect(decodeBusEvent(JSON.stringify({ kind: 'project-access', projectId: '12' }))).toBeNull();
    expect(decodeBusEvent(JSON.stringify({ kind: 'project-access' }))).toBeNull();
  });
});
