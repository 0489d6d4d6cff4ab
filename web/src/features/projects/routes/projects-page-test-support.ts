// The projects list tests' shared helpers: a card by name, a card's figure, the last list request, topics.
import type { ProjectListRequest } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { listRequests } from '../test-fixtures';

export function card(name: string) {
  return screen.findByRole('article', { name: new RegExp(`^${name}\\b`) });
}

/** The value shown under a figure's label on a card. */
export function figure(cardElement: HTMLElement, label: string) {
  const term = within(cardElement).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${label}`);
  return value;
}

export async function lastRequest(calls: Parameters<typeof listRequests>[0]): Promise<ProjectListRequest> {
  let request: ProjectListRequest | undefined;
  await waitFor(() => {
    request = listRequests(calls).at(-1);
    expect(request).toBeDefined();
  });
  return request as ProjectListRequest;
}

export const topics = [
  { topic: 'react', count: 1200 },
  { topic: 'rust', count: 30 },
  { topic: 'cli', count: 5 },
];
