import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { preloadBoardViews } from '../../../test/preload-views';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  infoHandler,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
} from '../test-fixtures';

beforeAll(preloadBoardViews);

describe('reporting a group', () => {
  const publicGroup = makeGroup({ groupProjectId: 8, title: 'Spam group' });
  const stranger = makeViewer('none', { join: true, save: true, report: true, readDiscussion: true });

  it('needs a reason, counts its characters and shows the server refusal inline', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      ...infoHandler(makeInfo(publicGroup, { viewer: stranger })),
      'POST /api/group-projects/report': () => apiError(409, 'CONFLICT', 'You already reported this group.'),
    });
    const { user } = renderApp('/group-projects/8', { session: signedInSession });

    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Spam group' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Say why you are reporting this group.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/report')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Spam');
    expect(within(dialog).getByText('4/1000 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText('You already reported this group.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/report')[0]?.body).toEqual({
      groupProjectId: 8,
      reason: 'Spam',
    });
  });

  it('thanks the user and closes on success', async () => {
    mockApi({
      ...signedInAs(),
      ...infoHandler(makeInfo(publicGroup, { viewer: stranger })),
      'POST /api/group-projects/report': () => ({ status: 201, body: { groupProjectId: 8, status: 'open' } }),
    });
    const { user } = renderApp('/group-projects/8', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await user.type(screen.getByLabelText('Reason'), 'Not a real project');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks, a moderator will look at it.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
