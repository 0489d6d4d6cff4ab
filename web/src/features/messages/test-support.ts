import type { Message } from '@openlfg/contracts';

let nextId = 1;

export function makeMessage(overrides: Partial<Message> = {}): Message {
  const id = overrides.id ?? nextId++;
  const groupProjectId = overrides.groupProjectId ?? 5;
  return {
    id,
    room: `discussion-board-${groupProjectId}`,
    groupProjectId,
    author: { id: 2, login: 'bob', avatarUrl: null },
    text: `Message ${id}`,
    clientId: `client-${id}-abcdef`,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
