import type { AskMentorRequest, Mentor, VolunteerMentorRequest } from '@openlfg/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { mockApi, type RecordedCall } from '../../../test/api-mock';
import { MentorsPanel } from './MentorsPanel';

const signedIn = {
  'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
  'GET /api/account/user-info': () => ({
    body: {
      user: { id: 1, login: 'ada', name: null, avatarUrl: null, profileUrl: 'https://github.com/ada' },
    },
  }),
};
const mentor = (id: number, login: string, helpWith: string, capacity = 2, newcomers = 0): Mentor => ({
  user: { id, login, avatarUrl: null },
  helpWith,
  capacity,
  newcomers,
  since: '2026-11-01T10:00:00.000Z',
});
const callsTo = (calls: readonly RecordedCall[], url: string) => calls.filter((call) => call.url === url);

function renderPanel(session: { isLoginLoading: boolean; isLoggedIn?: boolean }) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} initialSession={session}>
      <MemoryRouter>
        <MentorsPanel projectId={7} fullName="acme/widget" />
      </MemoryRouter>
    </AppProviders>,
  );
  return user;
}

afterEach(cleanup);

describe('the mentors of a project', () => {
  it('lists mentors with what they help with to anyone, and asks a visitor to sign in to ask or volunteer', async () => {
    mockApi({ 'GET /api/mentors': () => ({ body: { data: [mentor(2, 'grace', 'Tests and CI', 3, 1)] } }) });
    renderPanel({ isLoginLoading: false });
    const panel = await screen.findByRole('region', { name: 'Mentors' });
    expect(await within(panel).findByText('grace')).toBeTruthy();
    expect(within(panel).getByText('Tests and CI')).toBeTruthy();
    expect(within(panel).getByText('Helping 1 of 3 newcomers at a time')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(within(panel).queryByRole('form', { name: 'Ask a mentor' })).toBeNull();
  });

  it('says when nobody mentors the project yet', async () => {
    mockApi({ 'GET /api/mentors': () => ({ body: { data: [] } }) });
    renderPanel({ isLoginLoading: false });
    expect(
      await screen.findByText('No one mentors acme/widget yet. Volunteer to be the first.'),
    ).toBeTruthy();
  });

  it('asks a mentor: the question is sent and the user is told it is in the room', async () => {
    const { calls } = mockApi({
      ...signedIn,
      'GET /api/mentors': () => ({ body: { data: [mentor(2, 'grace', 'Tests')] } }),
      'POST /api/mentors/ask': () => ({
        body: {
          data: {
            message: {
              id: 12,
              room: 'project-room-7',
              projectId: 7,
              author: { id: 1, login: 'ada', avatarUrl: null },
              text: 'How do I build it?',
              clientId: 'x'.repeat(32),
              createdAt: new Date().toISOString(),
            },
            mentorsTold: 1,
          },
        },
      }),
    });
    const user = renderPanel({ isLoginLoading: false, isLoggedIn: true });
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'How do I build it?');
    await user.click(screen.getByRole('button', { name: 'Ask a mentor' }));
    expect(await screen.findByText('Your question is in the room. 1 mentor was told.')).toBeTruthy();
    expect(callsTo(calls, '/api/mentors/ask')[0]?.body).toMatchObject({
      projectId: 7,
      question: 'How do I build it?',
    } satisfies Partial<AskMentorRequest>);
  });

  it('says which mentors are full, and that only one already helping the user is told when all are', async () => {
    mockApi({
      ...signedIn,
      'GET /api/mentors': () => ({ body: { data: [mentor(2, 'grace', 'Tests', 1, 1)] } }),
    });
    renderPanel({ isLoginLoading: false, isLoggedIn: true });
    expect(await screen.findByText('Helping 1 newcomer now: not taking more')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Ask a mentor' });
    expect(
      within(form).getByText(
        'Every mentor has as many newcomers as they take right now: only one already helping you is told. Anyone in the room can answer too.',
      ),
    ).toBeTruthy();
  });

  it('shows a refused ask in words (the limit on asking) and keeps the question', async () => {
    mockApi({
      ...signedIn,
      'GET /api/mentors': () => ({ body: { data: [mentor(2, 'grace', 'Tests')] } }),
      'POST /api/mentors/ask': () => ({
        status: 429,
        body: {
          error: {
            code: 'RATE_LIMITED',
            message: 'You can ask mentors 3 times an hour. Try again in 12 minutes.',
          },
        },
      }),
    });
    const user = renderPanel({ isLoginLoading: false, isLoggedIn: true });
    const input = await screen.findByRole('textbox', { name: 'Your question' });
    await user.type(input, 'Again?');
    await user.click(screen.getByRole('button', { name: 'Ask a mentor' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can ask mentors 3 times an hour. Try again in 12 minutes.',
    );
    expect((input as HTMLTextAreaElement).value).toBe('Again?');
  });

  it('volunteers the signed-in user, then offers to step down', async () => {
    let mentors: Mentor[] = [];
    const { calls } = mockApi({
      ...signedIn,
      'GET /api/mentors': () => ({ body: { data: mentors } }),
      'POST /api/mentors/volunteer': (call) => {
        const body = call.body as VolunteerMentorRequest;
        mentors = [mentor(1, 'ada', body.helpWith, body.capacity)];
        return { body: { data: mentors[0] } };
      },
    });
    const user = renderPanel({ isLoginLoading: false, isLoggedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Volunteer as a mentor' }));
    await user.type(screen.getByRole('textbox', { name: 'What you can help with' }), 'Docs');
    const capacity = screen.getByRole('spinbutton', { name: 'Newcomers at a time' });
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(screen.getByRole('button', { name: 'Volunteer' }));
    expect(await screen.findByRole('button', { name: 'Step down' })).toBeTruthy();
    expect(screen.getByText('Helping 0 of 2 newcomers at a time')).toBeTruthy();
    expect(callsTo(calls, '/api/mentors/volunteer')[0]?.body).toEqual({
      projectId: 7,
      helpWith: 'Docs',
      capacity: 2,
    });
  });
});
