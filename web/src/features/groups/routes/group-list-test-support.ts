// The group list tests' shared scene: a public and a private group, a card by title, a promise to settle later.
import { screen } from '@testing-library/react';
import type { MockAnswer } from '../../../test/api-mock';
import { makeGroup } from '../test-fixtures';

export const publicGroup = makeGroup({
  groupProjectId: 1,
  title: 'Rust CLI',
  visibility: 'public',
  memberCount: 3,
});
export const privateGroup = makeGroup({
  groupProjectId: 2,
  title: 'Secret game',
  visibility: 'private',
  memberCount: 3,
  maxMembers: 5,
});

export function card(title: string) {
  return screen.findByRole('article', { name: title });
}

export function deferred() {
  let answer: (value: MockAnswer) => void = () => undefined;
  const promise = new Promise<MockAnswer>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}
