import type { AuditEntry } from '@openlfg/contracts';

/** What each action did, as a verb phrase after the moderator's login. */
const ACTION_TEXT: Record<string, string> = {
  'request.approve': 'approved the request for',
  'request.reject': 'rejected the request for',
  'report.dismiss': 'dismissed the reports on',
  'group.hide': 'hid',
  'group.restore': 'restored',
  'group.delete': 'deleted',
  'group.delete-by-owner': 'deleted their own reported group',
  'group.remove-member': 'removed a member from',
  'group.transfer-ownership': 'handed over',
  'project.remove': 'removed',
  'catalogue.sync': 'started',
  'message.delete': 'deleted',
  'user-report.dismiss': 'dismissed the reports on',
  'user.suspend': 'suspended',
  'user.lift-suspension': 'lifted the suspension of',
};

const OBJECT_NOUN: Record<string, string> = {
  project_request: 'request',
  group_project: 'group',
  project: 'project',
  sync_run: 'sync run',
  message: 'board message',
  user: 'user',
};

function detail(entry: AuditEntry, key: string): string | null {
  const value = entry.details[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/**
 * One audit entry in words, without the moderator: `approved the request for octo/tool (request 12)`,
 * `hid Rust club (group 4)`. Actions added later read as their code and still name their object.
 */
export function describeAuditEntry(entry: AuditEntry): string {
  const verb = ACTION_TEXT[entry.action] ?? entry.action;
  const noun = OBJECT_NOUN[entry.objectType] ?? entry.objectType;
  const name = detail(entry, 'repoExt') ?? detail(entry, 'title');
  const object = `${noun} ${entry.objectId}`;
  return name ? `${verb} ${name} (${object})` : `${verb} ${object}`;
}
