import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedInSession } from '../../groups/test-fixtures';
import { FakeSocket } from '../../../realtime/fake-socket';
import type * as Linkify from '../linkify';
import { splitLinks } from '../linkify';
import { makeMessage } from '../test-support';
import { board, findLog, memberOf, openedSocket, setUpBoardTests } from './board-test-support';

// Each message's text goes through splitLinks as the message renders: its calls count the messages drawn.
vi.mock('../linkify', async (importOriginal) => {
  const actual = await importOriginal<typeof Linkify>();
  return { ...actual, splitLinks: vi.fn(actual.splitLinks) };
});

setUpBoardTests();

describe('the discussion board as its socket comes and goes', () => {
  it('draws its messages again only when they change, not at each change of the socket', async () => {
    memberOf(
      Array.from({ length: 20 }, (_, index) => makeMessage({ id: index + 1, text: `Message ${index + 1}` })),
    );
    renderApp('/group-projects/5', { session: signedInSession });
    expect(within(await findLog()).getByText('Message 20')).toBeTruthy();
    vi.mocked(splitLinks).mockClear();

    const socket = await openedSocket();
    act(() => socket.drop(1006));
    expect(await within(board()).findByText('Reconnecting…')).toBeTruthy();
    expect(vi.mocked(splitLinks)).not.toHaveBeenCalled();

    // The messages change: they are drawn again.
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    const again = await openedSocket();
    await waitFor(() => expect(within(board()).queryByText('Reconnecting…')).toBeNull());
    act(() => again.deliver({ type: 'message', message: makeMessage({ id: 21, text: 'Message 21' }) }));
    expect(within(await findLog()).getByText('Message 21')).toBeTruthy();
    expect(vi.mocked(splitLinks)).toHaveBeenCalled();
  });
});
