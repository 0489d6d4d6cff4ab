import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { resetFirstLook } from '../lib/first-look';
import { mockApi } from '../test/api-mock';
import { topicSearchHandler } from '../test/topic-search-mock';
import { TopicSearchSelect } from './TopicSearchSelect';

const topics = [
  { topic: 'react', count: 1200 },
  { topic: 'rust', count: 30 },
  { topic: 'ruby', count: 12 },
  { topic: 'zeromq', count: 1 },
];

function Harness({ initial = [] }: { initial?: string[] }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <>
      <TopicSearchSelect selected={selected} onChange={setSelected} />
      <output aria-label="picked">{selected.join(',')}</output>
    </>
  );
}

function setup(initial: string[] = []) {
  const api = mockApi(topicSearchHandler(topics, { reactjs: 'react' }));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Topics' });
  const picked = () => screen.getByRole('status', { name: 'picked' }).textContent;
  const options = () =>
    within(screen.getByRole('listbox', { name: 'Topics', hidden: true }))
      .queryAllByRole('option')
      .map((option) => option.textContent);
  const searches = () =>
    api.calls
      .filter((call) => call.url.startsWith('/api/projects/topic-search'))
      .map((call) => new URL(call.url, 'http://localhost').searchParams.get('q'));
  return { user, input, picked, options, searches };
}

beforeEach(() => resetFirstLook());

describe('the topic box', () => {
  it('asks for the most used topics once the visitor does something, not as the page starts', async () => {
    const { user, input, options, searches } = setup();
    // React has rendered and run its effects: the page has started, and asked nothing.
    await act(async () => {});
    expect(searches()).toEqual([]);
    await user.click(input);
    await waitFor(() =>
      expect(options()).toEqual([
        'react1.2k projects',
        'rust30 projects',
        'ruby12 projects',
        'zeromq1 project',
      ]),
    );
    expect(searches()).toEqual(['']);
  });

  it('asks the server for what is typed, and shows a topic only one project has', async () => {
    const { user, input, options, searches } = setup();
    await user.type(input, 'zer');
    await waitFor(() => expect(options()).toEqual(['zeromq1 project']));
    // One search once typing paused, not one per key.
    expect(searches().at(-1)).toBe('zer');
    expect(searches()).not.toContain('ze');
  });

  it('offers the canonical name for an alias typed', async () => {
    const { user, input, options, picked } = setup();
    await user.type(input, 'reactjs');
    await waitFor(() => expect(options()).toEqual(['react1.2k projects']));
    await user.keyboard('{Enter}');
    expect(picked()).toBe('react');
    expect(input.getAttribute('value')).toBe('');
  });

  it('moves with the arrows, picks with Enter, closes with Escape and takes the last chip off with Backspace', async () => {
    const { user, input, picked, options } = setup(['zeromq']);
    await user.type(input, 'ru');
    await waitFor(() => expect(options()).toEqual(['rust30 projects', 'ruby12 projects']));
    expect(input.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const ruby = screen.getByRole('option', { name: /^ruby/ });
    expect(input.getAttribute('aria-activedescendant')).toBe(ruby.id);
    await user.keyboard('{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /^rust/ }).id,
    );
    await user.keyboard('{Enter}');
    expect(picked()).toBe('zeromq,rust');
    expect(within(screen.getByRole('list', { name: 'Selected topics' })).getByText('rust')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    await user.keyboard('{Backspace}');
    expect(picked()).toBe('zeromq');
    await user.keyboard('{Backspace}');
    expect(picked()).toBe('');
    expect(screen.queryByRole('list', { name: 'Selected topics' })).toBeNull();
  });

  it('says so when no topic matches', async () => {
    const { user, input } = setup();
    await user.type(input, 'zzz');
    expect(await screen.findByText('No topics match "zzz".')).toBeTruthy();
  });
});
