import type { ProjectRequestResponse } from '@openlfg/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockAnswer, type MockHandler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  listResponse,
  makeProject,
  projectsHandler,
  signedInHandlers,
  signedInSession,
} from '../test-fixtures';

function accepted(overrides: Partial<ProjectRequestResponse> = {}): ProjectRequestResponse {
  return { repoExt: 'owner/name', status: 'pending', requesters: 1, created: true, ...overrides };
}

async function openRequestForm(requestHandler: MockHandler = () => ({ status: 201, body: accepted() })) {
  const { calls } = mockApi({
    ...signedInHandlers,
    ...projectsHandler(() => listResponse([makeProject()])),
    'GET /api/projects/saved': () => ({ body: { data: [] } }),
    'POST /api/projects/request': requestHandler,
  });
  const app = renderApp('/', { session: signedInSession });
  await app.user.click(screen.getByRole('button', { name: 'Request a project' }));
  const dialog = screen.getByRole('dialog', { name: 'Request a project' });
  const input = within(dialog).getByRole('textbox', { name: 'GitHub repository URL' });
  const requests = () => calls.filter((call) => call.url === '/api/projects/request');
  return { ...app, dialog, input, requests };
}

describe('requesting a project', () => {
  it('asks an anonymous visitor to sign in instead', async () => {
    mockApi(projectsHandler(() => listResponse([makeProject()])));
    const { user } = renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Request a project' }));

    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Request a project' })).toBeNull();
  });

  it.each([
    { authenticated: true, opens: 'Request a project' },
    { authenticated: false, opens: 'Sign in to continue' },
  ])(
    'answers a press made while the session was still being checked (signed in: $authenticated)',
    async ({ authenticated, opens }) => {
      let answerCheck: (answer: MockAnswer) => void = () => undefined;
      mockApi({
        ...projectsHandler(() => listResponse([makeProject()])),
        'GET /api/projects/saved': () => ({ body: { data: [] } }),
        'GET /api/account/check-auth': () =>
          new Promise<MockAnswer>((resolve) => {
            answerCheck = resolve;
          }),
      });
      const { user } = renderApp('/', { session: { isLoginLoading: true } });

      await user.click(screen.getByRole('button', { name: 'Request a project' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      answerCheck({ body: { authenticated, devSignIn: false } });

      expect(await screen.findByRole('dialog', { name: opens })).toBeTruthy();
    },
  );

  it('checks the address before sending it', async () => {
    const { dialog, input, user, requests } = await openRequestForm();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('placeholder')).toBe('https://github.com/owner/name');

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Enter the address of a GitHub repository.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await user.type(input, 'https://gitlab.com/owner/name');
    await user.keyboard('{Enter}');
    expect(
      within(dialog).getByText(
        'That does not look like a GitHub repository. Use https://github.com/owner/name.',
      ),
    ).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it("shows the server's refusal under the field", async () => {
    const { dialog, input, user } = await openRequestForm(() => ({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'owner/name is already in the catalogue.' } },
    }));

    await user.type(input, 'owner/name{Enter}');

    expect(await within(dialog).findByText('owner/name is already in the catalogue.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
  });

  it('sends the repository, shows it is on its way, then thanks the user', async () => {
    let answer: (value: { status: number; body: ProjectRequestResponse }) => void = () => undefined;
    const { dialog, input, user, requests } = await openRequestForm(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );

    await user.type(input, '  github.com/owner/name.git ');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(within(dialog).getByRole('button', { name: 'Sending...' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(requests()).toHaveLength(1);
    expect(requests()[0]?.body).toEqual({ projectUrl: 'https://github.com/owner/name' });

    answer({ status: 201, body: accepted() });

    expect(await within(dialog).findByText('Thanks! owner/name is waiting for a moderator.')).toBeTruthy();
  });

  it('says so when the user had already asked', async () => {
    const { dialog, input, user } = await openRequestForm(() => ({
      body: accepted({ created: false, requesters: 3 }),
    }));

    await user.type(input, 'https://github.com/owner/name{Enter}');

    expect(
      await within(dialog).findByText('You already asked for owner/name; it is waiting for a moderator.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('3 people have asked for it so far.')).toBeTruthy();
  });
});
