import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { mockApi } from '../../../test/api-mock';
import { makeGroup, makeViewer, signedInSession } from '../test-fixtures';
import { MembershipActions } from './MembershipActions';

const group = makeGroup({ groupProjectId: 5, title: 'Rust club' });
const outsider = makeViewer('none', { join: true });
const member = makeViewer('member', { leave: true });

const requester = makeViewer('requester', { cancelRequest: true });
const asker = makeViewer('none', { request: true });

function renderActions(first = outsider) {
  const queryClient = createQueryClient();
  const view = (viewer: typeof outsider) => (
    <AppProviders queryClient={queryClient} initialSession={signedInSession}>
      <MemoryRouter>
        <MembershipActions group={group} viewer={viewer} variant="page" />
      </MemoryRouter>
    </AppProviders>
  );
  const result = render(view(first));
  return { ...result, showViewer: (viewer: typeof outsider) => result.rerender(view(viewer)) };
}

describe('the membership buttons', () => {
  it('hand focus to the button that replaces the one pressed, even when it shows after the answer', async () => {
    mockApi({
      'POST /api/group-projects/join': () => ({
        body: { groupProjectId: 5, memberCount: 2, viewer: member },
      }),
    });
    const { showViewer } = renderActions();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Join' }));
    // The join is done, and the page has yet to show its new state: Join is still there.
    expect(await screen.findByText('You joined Rust club.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();

    showViewer(member);
    const leave = screen.getByRole('button', { name: 'Leave' });
    await waitFor(() => expect(document.activeElement).toBe(leave));
  });

  it('hand focus to Cancel request after Request to join, the same button drawn anew', async () => {
    mockApi({
      'POST /api/group-projects/request': () => ({
        status: 201,
        body: { groupProjectId: 5, memberCount: 1, viewer: requester },
      }),
    });
    const { showViewer } = renderActions(asker);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Request to join' }));
    expect(await screen.findByText('Request sent. The owner will decide.')).toBeTruthy();
    // A browser takes focus from a button while it is disabled (as it is while its change runs); jsdom does not.
    (document.activeElement as HTMLElement).blur();

    showViewer(requester);
    const cancel = screen.getByRole('button', { name: 'Cancel request' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });
});
