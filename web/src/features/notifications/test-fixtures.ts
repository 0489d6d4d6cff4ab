import type { Notification } from '@openlfg/contracts';

let ids = 100;
/** A notification as the API answers it: alice approved the reader's request to join Rust CLI. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: ids++,
    kind: 'request-approved',
    actor: { login: 'alice', avatarUrl: null },
    groupProjectId: 7,
    projectRequestId: null,
    subject: 'Rust CLI',
    note: null,
    createdAt: new Date().toISOString(),
    readAt: null,
    ...overrides,
  };
}
