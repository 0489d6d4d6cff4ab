import { describe, expect, it } from 'vitest';
import { notificationLink, notificationText, type Notification } from '../src/index.js';

const notification = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'join-requested',
  actor: { login: 'alice', avatarUrl: null },
  groupProjectId: 7,
  projectRequestId: null,
  subject: 'Rust CLI',
  note: null,
  createdAt: new Date().toISOString(),
  readAt: null,
  ...overrides,
});

describe('what a notification says, in the bell and in the mail', () => {
  it('names who did what to which group', () => {
    expect(notificationText(notification({ kind: 'request-approved' }))).toBe(
      'alice approved your request to join Rust CLI',
    );
    expect(notificationText(notification({ kind: 'member-removed' }))).toBe(
      'alice removed you from Rust CLI',
    );
    expect(notificationText(notification({ kind: 'allowed-back' }))).toBe(
      'alice allowed you back: you can join Rust CLI again',
    );
    expect(notificationText(notification({ kind: 'ownership-received' }))).toBe(
      'alice made you the owner of Rust CLI',
    );
    expect(notificationText(notification({ kind: 'mentioned' }))).toBe(
      'alice mentioned you on the board of Rust CLI',
    );
    // A moderator is never named.
    expect(notificationText(notification({ kind: 'group-hidden', actor: null }))).toBe(
      'A moderator hid your group Rust CLI',
    );
  });

  it('leads to the group, its board for a mention, and nowhere for what is gone', () => {
    expect(notificationLink(notification({ kind: 'member-joined' }))).toBe('/group-projects/7');
    expect(notificationLink(notification({ kind: 'mentioned' }))).toBe('/group-projects/7#discussion');
    expect(notificationLink(notification({ kind: 'group-deleted' }))).toBeNull();
    expect(
      notificationLink(notification({ kind: 'project-request-approved', subject: 'tokio-rs/tokio' })),
    ).toBe('/?q=tokio-rs%2Ftokio');
  });
});
