// The moderation page tests' shared setup: a signed-in moderator opening the page, and the hooks.
import { beforeAll } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { signedInAs, signedInSession } from '../test-fixtures';

export const moderator = signedInAs({ moderator: true });

export function openAsModerator(url: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...moderator, ...handlers });
  return { ...api, ...renderApp(url, { session: signedInSession }) };
}

/**
 * The hooks every moderation page test file runs: the page is loaded lazily; loading it once up front keeps the
 * first test within findBy's wait on a busy machine.
 */
export function setUpModerationPageTests() {
  beforeAll(async () => {
    await import('./ModerationPage');
  });
}
