import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { callsTo, makeInfo, makeViewer, signedInSession, viewersHandler } from '../../groups/test-fixtures';
import { makeMessage } from '../test-support';
import {
  group,
  memberViewer,
  memberOf,
  openedSocket,
  log,
  findLog,
  setUpBoardTests,
} from './board-test-support';

setUpBoardTests();

describe('grouping, own messages and mentions', () => {
  const ada = { id: 1, login: 'ada', avatarUrl: null };
  const bob = { id: 2, login: 'bob', avatarUrl: null };
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  it('shows one header for a run of one author within 5 minutes, and sets the reader’s own apart', async () => {
    memberOf([
      makeMessage({ id: 1, author: bob, text: 'one', createdAt: at(30) }),
      makeMessage({ id: 2, author: bob, text: 'two', createdAt: at(28) }),
      // Over 5 minutes after bob's last: a new header.
      makeMessage({ id: 3, author: bob, text: 'three', createdAt: at(20) }),
      makeMessage({ id: 4, author: ada, text: 'mine', createdAt: at(19) }),
    ]);
    renderApp('/group-projects/5', { session: signedInSession });
    await within(await findLog()).findByText('three');

    const headers = within(log())
      .getAllByText(/^(bob|ada)$/)
      .filter((element) => element.className.includes('author'));
    expect(headers.map((element) => element.textContent)).toEqual(['bob', 'bob', 'ada']);
    // The grouped message still names its author to screen readers.
    const two = within(log()).getByText('two').closest('li');
    expect(two?.textContent).toContain('bob');
    const mine = within(log()).getByText('mine').closest('li');
    expect(mine?.textContent).toContain('(you)');
    expect(two?.textContent).not.toContain('(you)');
    expect(mine?.className).not.toBe(within(log()).getByText('three').closest('li')?.className);
  });

  it('folds away what someone the reader blocked wrote, until they choose to show it', async () => {
    const troll = { id: 3, login: 'troll', avatarUrl: null };
    const carl = { id: 4, login: 'carl', avatarUrl: null };
    memberOf(
      [
        makeMessage({ id: 1, author: troll, text: 'nasty words', authorBlocked: true }),
        // Blocked since the page loaded it: the reader's list of blocked people folds it too.
        makeMessage({ id: 2, author: carl, text: 'more nasty words' }),
        makeMessage({ id: 3, author: bob, text: 'kind words' }),
      ],
      {
        'GET /api/account/blocks': () => ({
          body: { data: [{ login: 'Carl', name: null, avatarUrl: null, blockedAt: at(5) }] },
        }),
      },
    );
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await within(log).findByText('kind words');
    await within(log).findAllByText(/Message from a user you blocked/);
    expect(within(log).getAllByText(/Message from a user you blocked/)).toHaveLength(2);
    expect(within(log).queryByText('nasty words')).toBeNull();
    expect(within(log).queryByText('more nasty words')).toBeNull();

    await user.click(within(log).getAllByRole('button', { name: 'show' })[0] as HTMLElement);
    expect(within(log).getByText('nasty words')).toBeTruthy();
    expect(within(log).queryByText('more nasty words')).toBeNull();
  });

  it('highlights mentions, the reader’s own most', async () => {
    memberOf([makeMessage({ id: 1, author: bob, text: 'thanks @ada and @carol, see a@b.org' })]);
    renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    const me = await within(log).findByText('@ada');
    expect(me.tagName).toBe('MARK');
    expect(within(log).getByText('@carol').tagName).toBe('SPAN');
    expect(within(log).queryByText('@b.org')).toBeNull();
  });

  it('completes a mention from the members by keyboard: arrows, Enter picks, Escape closes', async () => {
    const members = ['bob', 'bella', 'carol'].map((login) => ({
      login,
      avatarUrl: null,
      role: 'member' as const,
      joinedAt: at(100),
    }));
    memberOf([], {
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(group, { viewer: memberViewer, members }) },
      }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const input = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;

    await user.type(input, 'hi @b');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    // Logins that start with the query, never the user themself.
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toBe(within(list).getByRole('option', { name: 'bob', selected: true }));
    expect(options[1]).toBe(within(list).getByRole('option', { name: 'bella', selected: false }));
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true })).toBe(options[1]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{Enter}');
    expect(input.value).toBe('hi @bella ');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(input, '@c');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Closed, Enter sends as usual.
    expect(input.value).toBe('hi @bella @c');
  });
});

describe('editing and deleting messages', () => {
  const ada = { id: 1, login: 'ada', avatarUrl: null };
  const bob = { id: 2, login: 'bob', avatarUrl: null };

  it('lets the author edit in place: Enter saves, and the message shows as edited', async () => {
    const mine = makeMessage({ id: 7, author: ada, text: 'Meet at 5' });
    const { calls } = memberOf([mine, makeMessage({ id: 8, author: bob, text: 'ok' })], {
      'POST /api/messages/edit-message': (call) => ({
        body: {
          data: { ...mine, text: (call.body as { text: string }).text, editedAt: new Date().toISOString() },
        },
      }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await within(log).findByText('Meet at 5');
    // Only the reader's own message offers Edit; a member deletes no one else's.
    expect(within(log).getAllByRole('button', { name: /^Edit/ })).toHaveLength(1);
    expect(within(log).queryByRole('button', { name: "Delete bob's message" })).toBeNull();

    await user.click(within(log).getByRole('button', { name: 'Edit your message' }));
    const editor = within(log).getByRole('textbox', { name: 'Edit message' });
    expect(document.activeElement).toBe(editor);
    await user.clear(editor);
    await user.type(editor, 'Meet at 6{Enter}');

    expect(await within(log).findByText('Meet at 6')).toBeTruthy();
    expect(within(log).getByText('edited')).toBeTruthy();
    // The Edit button that gave way to the editor has the focus back.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(log).getByRole('button', { name: 'Edit your message' })),
    );
    expect(callsTo(calls, 'POST', '/api/messages/edit-message')[0]?.body).toEqual({
      groupProjectId: 5,
      messageId: 7,
      text: 'Meet at 6',
    });
  });

  it('Escape leaves the editor without saving', async () => {
    const { calls } = memberOf([makeMessage({ id: 7, author: ada, text: 'as it was' })]);
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await user.click(await within(log).findByRole('button', { name: 'Edit your message' }));
    await user.type(within(log).getByRole('textbox', { name: 'Edit message' }), ' and more{Escape}');
    expect(within(log).getByText('as it was')).toBeTruthy();
    expect(within(log).queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(document.activeElement).toBe(within(log).getByRole('button', { name: 'Edit your message' }));
    expect(callsTo(calls, 'POST', '/api/messages/edit-message')).toHaveLength(0);
  });

  it('deletes only after the user confirms, then shows "Message deleted"', async () => {
    const mine = makeMessage({ id: 7, author: ada, text: 'Oops, wrong board' });
    const { calls } = memberOf([mine], {
      'POST /api/messages/delete-message': () => ({
        body: { data: { ...mine, text: '', deletedAt: new Date().toISOString() } },
      }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await user.click(await within(log).findByRole('button', { name: 'Delete your message' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete message' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', '/api/messages/delete-message')).toHaveLength(0);
    expect(within(log).getByText('Oops, wrong board')).toBeTruthy();

    await user.click(within(log).getByRole('button', { name: 'Delete your message' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete message' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await within(log).findByText('Message deleted')).toBeTruthy();
    expect(within(log).queryByText('Oops, wrong board')).toBeNull();
    expect(within(log).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    // Its Delete button is gone: focus is on the board's messages, not lost to the page.
    await waitFor(() => expect(document.activeElement).toBe(log));
  });

  it('shows edits and deletions pushed live, even one that overtakes its message', async () => {
    const original = makeMessage({ id: 9, author: bob, text: 'first draft' });
    memberOf([original]);
    renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await within(log).findByText('first draft');
    const socket = await openedSocket();

    const editedAt = new Date().toISOString();
    act(() =>
      socket.deliver({ type: 'message-changed', message: { ...original, text: 'second draft', editedAt } }),
    );
    expect(await within(log).findByText('second draft')).toBeTruthy();
    expect(within(log).getByText('edited')).toBeTruthy();
    // An older version arriving late (a replay that read the row before the edit) does not undo it.
    act(() => socket.deliver({ type: 'message', message: original }));
    expect(within(log).queryByText('first draft')).toBeNull();

    act(() =>
      socket.deliver({
        type: 'message-changed',
        message: { ...original, text: '', editedAt, deletedAt: new Date().toISOString() },
      }),
    );
    expect(await within(log).findByText('Message deleted')).toBeTruthy();
  });

  it('offers the owner Delete on everyone’s messages', async () => {
    const ownerViewer = makeViewer('owner', { post: true, readDiscussion: true, edit: true, delete: true });
    memberOf([makeMessage({ id: 3, author: bob, text: 'from bob' })], {
      ...viewersHandler(() => ownerViewer),
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(group, { viewer: ownerViewer }) },
      }),
    });
    renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    expect(await within(log).findByRole('button', { name: "Delete bob's message" })).toBeTruthy();
    expect(within(log).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('offers nobody Edit or Delete on an archived, read-only board, its owner included', async () => {
    const archived = { ...group, status: 'archived' as const };
    const ownerViewer = makeViewer('owner', { readDiscussion: true, edit: true, delete: true });
    memberOf(
      [
        makeMessage({ id: 3, author: bob, text: 'from bob' }),
        makeMessage({ id: 4, author: ada, text: 'mine' }),
      ],
      {
        ...viewersHandler(() => ownerViewer),
        'POST /api/group-projects/discussion-info': () => ({
          body: { data: makeInfo(archived, { viewer: ownerViewer }) },
        }),
      },
    );
    renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await within(log).findByText('from bob');
    expect(within(log).getByText('mine')).toBeTruthy();
    expect(within(log).queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
  });
});
