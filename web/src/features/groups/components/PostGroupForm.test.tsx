import { GROUP_INPUT_MESSAGES } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { topicSearchHandler } from '../../../test/topic-search-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  groupList,
  groupsHandler,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
} from '../test-fixtures';

const repos = {
  repos: [
    {
      name: 'tool',
      fullName: 'ada/tool',
      url: 'https://github.com/ada/tool',
      description: null,
      language: 'Go',
      stars: 3,
    },
  ],
};

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedInAs(),
    ...groupsHandler(() => groupList([])),
    'GET /api/account/public-repos': () => ({ body: repos }),
    ...topicSearchHandler([
      { topic: 'react', count: 10 },
      { topic: 'react-native', count: 4 },
    ]),
    ...extra,
  });
  const app = renderApp('/group-projects?post=new', { session: signedInSession });
  return { ...api, ...app };
}

async function form() {
  return within(await screen.findByRole('dialog', { name: 'Post a group project' }));
}

describe('posting a group', () => {
  it("opens filled as a project's page asked: its repository, topics and a suggested title", async () => {
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([])),
      'GET /api/account/public-repos': () => ({ body: repos }),
      ...topicSearchHandler([]),
    });
    renderApp(
      '/group-projects?post=new&repo=tokio-rs%2Ftokio&topics=async%2CRust&title=Contributing+to+tokio+together',
      { session: signedInSession },
    );
    const dialog = await form();
    expect((dialog.getByLabelText('Title') as HTMLInputElement).value).toBe('Contributing to tokio together');
    expect((dialog.getByLabelText('or type a GitHub URL') as HTMLInputElement).value).toBe(
      'https://github.com/tokio-rs/tokio',
    );
    expect(dialog.getByRole('button', { name: 'Remove topic async' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Remove topic rust' })).toBeTruthy();
  });

  it('checks the fields before sending anything', async () => {
    const { user, calls } = setup();
    const dialog = await form();

    await user.type(dialog.getByLabelText('Discord invite URL (optional)'), 'https://example.com/x');
    await user.type(dialog.getByLabelText('Maximum members (optional)'), '1');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));

    expect(dialog.getByText('Give the group a title.')).toBeTruthy();
    expect(dialog.getByText('Say what the project is and who you are looking for.')).toBeTruthy();
    expect(dialog.getByText('Add at least one topic.')).toBeTruthy();
    expect(
      dialog.getByText('The Discord link must be an invite link, such as https://discord.gg/abc123.'),
    ).toBeTruthy();
    expect(dialog.getByText('The maximum must be a whole number from 2 to 1000.')).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByLabelText('Title'));
    expect(callsTo(calls, 'POST', '/api/group-projects/post-project')).toHaveLength(0);
  });

  it('says what is wrong with the needs, on the needs fields, before sending anything', async () => {
    const { user, calls } = setup();
    const dialog = await form();

    await user.type(dialog.getByLabelText('Skills or roles wanted'), 'typescript, ???');
    await user.selectOptions(dialog.getByLabelText('Timezones from'), 'UTC+3');
    await user.type(dialog.getByLabelText('Hours a week'), '500');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));

    expect(dialog.getByText('"???" is not a skill: use a topic name such as "typescript".')).toBeTruthy();
    expect(
      dialog.getByText('Choose both ends of the timezone window, or Any timezone for both.'),
    ).toBeTruthy();
    expect(dialog.getByText('Hours a week must be a whole number from 1 to 80.')).toBeTruthy();
    expect(dialog.getByLabelText('Timezones from').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, 'POST', '/api/group-projects/post-project')).toHaveLength(0);
  });

  it('counts the title characters', async () => {
    const { user } = setup();
    const dialog = await form();
    await user.type(dialog.getByLabelText('Title'), 'Hello');
    expect(dialog.getByText('5/100')).toBeTruthy();
  });

  it('adds typed topics as lowercase-hyphen chips with Enter or a comma, and suggests known ones', async () => {
    const { user } = setup();
    const dialog = await form();
    const input = dialog.getByLabelText('Topics');

    await user.type(input, 'Web Dev{Enter}');
    await user.type(input, 'Machine_Learning,');
    await user.type(input, 'rea');
    const suggestions = await dialog.findByRole('list', { name: 'Suggested topics' });
    await user.click(within(suggestions).getByRole('button', { name: 'react-native' }));

    const chips = dialog.getByRole('list', { name: 'Chosen topics' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('web-dev'),
      expect.stringContaining('machine-learning'),
      expect.stringContaining('react-native'),
    ]);

    // Spelled any way, a topic is stored under its one name: React.js is react.
    await user.type(input, 'React.js{Enter}');
    expect(within(chips).getByText('react')).toBeTruthy();
    await user.type(input, '¿?{Enter}');
    expect(dialog.getByText(/"¿\?" is not a topic/)).toBeTruthy();
  });

  it('sends the form with the picked repository and opens the new group', async () => {
    const created = makeGroup({
      groupProjectId: 42,
      title: 'My group',
      owner: { login: 'ada', avatarUrl: null },
    });
    const { user, calls, currentUrl } = setup({
      'POST /api/group-projects/post-project': () => ({ status: 201, body: created }),
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(created, { viewer: makeViewer('owner', { delete: true }) }) },
      }),
    });
    const dialog = await form();

    await user.type(dialog.getByLabelText('Title'), 'My group');
    await user.type(dialog.getByLabelText('Description'), 'We build a tool.');
    await waitFor(() => expect(dialog.getByRole('option', { name: 'ada/tool' })).toBeTruthy());
    await user.selectOptions(dialog.getByLabelText('Repository (optional)'), 'ada/tool');
    await user.type(dialog.getByLabelText('Topics'), 'cli{Enter}');
    await user.selectOptions(dialog.getByLabelText('Skill level'), 'Advanced');
    await user.click(dialog.getByRole('radio', { name: 'Private: you approve requests' }));
    await user.type(dialog.getByLabelText('Discord invite URL (optional)'), 'https://discord.gg/abc123');
    await user.type(dialog.getByLabelText('Maximum members (optional)'), '6');
    await user.type(
      dialog.getByLabelText('Question for people asking to join (optional)'),
      ' What would you build? ',
    );
    // What the group needs: skills, a timezone window, hours a week.
    await user.type(dialog.getByLabelText('Skills or roles wanted'), 'TypeScript, design');
    await user.selectOptions(dialog.getByLabelText('Timezones from'), 'UTC');
    await user.selectOptions(dialog.getByLabelText('to'), 'UTC+3');
    await user.type(dialog.getByLabelText('Hours a week'), '5');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));

    expect(await screen.findByText('Group posted.')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/group-projects/42'));
    // The dialog closes as the new page takes over, which may take a moment on a busy machine.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Post a group project' })).toBeNull());
    expect(callsTo(calls, 'POST', '/api/group-projects/post-project')[0]?.body).toEqual({
      title: 'My group',
      description: 'We build a tool.',
      repository: 'ada/tool',
      topics: ['cli'],
      skillLevel: 'Advanced',
      visibility: 'private',
      discordUrl: 'https://discord.gg/abc123',
      maxMembers: 6,
      joinQuestion: 'What would you build?',
      needs: { skills: ['TypeScript', 'design'], timezoneFrom: 0, timezoneTo: 180, hoursPerWeek: 5 },
    });
    // Focus lands on the new page's heading, not on the link that opened the form.
    const heading = await screen.findByRole('heading', { level: 1, name: 'My group' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('prefers a typed repository URL and shows the server refusal in the form', async () => {
    const { user, calls } = setup({
      'POST /api/group-projects/post-project': () =>
        apiError(400, 'BAD_REQUEST', 'The repository must be a public GitHub repository.'),
    });
    const dialog = await form();
    await user.type(dialog.getByLabelText('Title'), 'T');
    await user.type(dialog.getByLabelText('Description'), 'D');
    await user.type(dialog.getByLabelText('or type a GitHub URL'), 'https://github.com/nope/nope');
    // Left in the field without Enter: it still counts.
    await user.type(dialog.getByLabelText('Topics'), 'Cli Tools');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(
      'The repository must be a public GitHub repository.',
    );
    expect(callsTo(calls, 'POST', '/api/group-projects/post-project')[0]?.body).toMatchObject({
      repository: 'https://github.com/nope/nope',
      topics: ['cli-tools'],
      discordUrl: null,
      maxMembers: null,
      // No question typed: none is sent.
      joinQuestion: null,
    });
  });

  it("clears a field's error as soon as the field is right, without sending again", async () => {
    const { user, calls } = setup();
    const dialog = await form();
    const discord = dialog.getByLabelText('Discord invite URL (optional)');
    await user.type(discord, 'https://discord.gg/a+b');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));
    const title = dialog.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText(GROUP_INPUT_MESSAGES.discordInvite)).toBeTruthy();

    await user.type(title, 'G');
    await waitFor(() => expect(dialog.queryByText('Give the group a title.')).toBeNull());
    expect(title.getAttribute('aria-invalid')).toBeNull();
    // The other fields still say what is wrong with them.
    expect(dialog.getByText('Say what the project is and who you are looking for.')).toBeTruthy();

    await user.clear(discord);
    await user.type(discord, 'https://discord.gg/ab');
    await waitFor(() => expect(dialog.queryByText(GROUP_INPUT_MESSAGES.discordInvite)).toBeNull());
    await user.type(dialog.getByLabelText('Topics'), 'go{Enter}');
    await waitFor(() => expect(dialog.queryByText(GROUP_INPUT_MESSAGES.noTopic)).toBeNull());
    expect(callsTo(calls, 'POST', '/api/group-projects/post-project')).toHaveLength(0);
  });

  it('clears the maximum members error once the number is right', async () => {
    const { user } = setup();
    const dialog = await form();
    const maxMembers = dialog.getByLabelText('Maximum members (optional)');
    await user.type(maxMembers, '1');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));
    const message = 'The maximum must be a whole number from 2 to 1000.';
    expect(dialog.getByText(message)).toBeTruthy();
    await user.clear(maxMembers);
    await user.type(maxMembers, '4');
    await waitFor(() => expect(dialog.queryByText(message)).toBeNull());
    expect(maxMembers.getAttribute('aria-invalid')).toBeNull();
  });

  it('takes what the server takes and refuses what it refuses, in its words', async () => {
    const { user, calls } = setup({
      'POST /api/group-projects/post-project': () => ({
        status: 201,
        body: makeGroup({ groupProjectId: 7 }),
      }),
    });
    const dialog = await form();
    await user.type(dialog.getByLabelText('Title'), 'T');
    await user.type(dialog.getByLabelText('Description'), 'D');
    await user.type(dialog.getByLabelText('Topics'), '  Machine_Learning {Enter}');
    await user.type(dialog.getByLabelText('or type a GitHub URL'), 'https://github.com/settings/profile');
    await user.type(dialog.getByLabelText('Discord invite URL (optional)'), 'https://discord.gg/a+b');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));

    // The server's own normalisers and messages (contracts), so the two cannot disagree.
    expect(dialog.getByText(GROUP_INPUT_MESSAGES.repository)).toBeTruthy();
    expect(dialog.getByText(GROUP_INPUT_MESSAGES.discordInvite)).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByLabelText('or type a GitHub URL'));
    expect(callsTo(calls, 'POST', '/api/group-projects/post-project')).toHaveLength(0);

    // A vanity invite with an underscore is an invite, for the server as for the form.
    await user.clear(dialog.getByLabelText('or type a GitHub URL'));
    await user.clear(dialog.getByLabelText('Discord invite URL (optional)'));
    await user.type(dialog.getByLabelText('Discord invite URL (optional)'), 'https://discord.gg/a_b');
    await user.click(dialog.getByRole('button', { name: 'Post group' }));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/group-projects/post-project')).toHaveLength(1));
    const body = callsTo(calls, 'POST', '/api/group-projects/post-project')[0]?.body;
    expect(body).toMatchObject({
      discordUrl: 'https://discord.gg/a_b',
      repository: null,
      // The chip is the topic the server stores for it (groups.test.ts posts the same).
      topics: ['machine-learning'],
    });
  });
});
