import type { AuditEntry } from '@openlfg/contracts';
import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './audit-text';

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    at: '2026-11-21T10:00:00.000Z',
    actor: 'mod',
    action: 'request.approve',
    objectType: 'project_request',
    objectId: '12',
    reason: null,
    details: {},
    ...overrides,
  };
}

describe('an audit entry in words', () => {
  it.each([
    [
      entry({ details: { repoExt: 'octo/tool', projectId: 3 } }),
      'approved the request for octo/tool (request 12)',
    ],
    [
      entry({
        action: 'group.hide',
        objectType: 'group_project',
        objectId: '4',
        details: { title: 'Rust club' },
      }),
      'hid Rust club (group 4)',
    ],
    [
      entry({
        action: 'group.delete-by-owner',
        objectType: 'group_project',
        objectId: '5',
        details: { title: 'Old club', reportsClosed: 2 },
      }),
      'deleted their own reported group Old club (group 5)',
    ],
    [
      entry({ action: 'project.remove', objectType: 'project', objectId: '9', details: { repoExt: 'a/b' } }),
      'removed a/b (project 9)',
    ],
    [
      entry({ action: 'catalogue.sync', objectType: 'sync_run', objectId: '7', details: { total: 25 } }),
      'started sync run 7',
    ],
    [
      entry({ action: 'report.dismiss', objectType: 'group_project', objectId: '5' }),
      'dismissed the reports on group 5',
    ],
    [
      entry({ action: 'message.delete', objectType: 'message', objectId: '31', details: { groupId: 4 } }),
      'deleted board message 31',
    ],
    [entry({ action: 'future.thing', objectType: 'widget', objectId: '2' }), 'future.thing widget 2'],
  ])('%#: %s', (input, expected) => {
    expect(describeAuditEntry(input)).toBe(expected);
  });
});
