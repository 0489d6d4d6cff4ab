import { describe, expect, it } from 'vitest';
import {
  completeMention,
  mentionOptions,
  mentionQueryAt,
  MENTION_OPTIONS_MAX,
  withAuthors,
} from './mention-completion';
import { makeMessage } from './test-support';

const member = (login: string) => ({ login, avatarUrl: null });

describe('mention completion', () => {
  it('knows the mention being typed before the caret, and nothing else', () => {
    expect(mentionQueryAt('hi @al', 6)).toEqual({ start: 3, query: 'al' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hi @al there', 12)).toBeNull();
    expect(mentionQueryAt('mail ada@ex', 11)).toBeNull();
    // The caret inside an earlier mention.
    expect(mentionQueryAt('@alice and more', 3)).toEqual({ start: 0, query: 'al' });
  });

  it('offers logins that start with the query first, then those containing it, never the user', () => {
    const members = ['carla', 'alice', 'Ada', 'malo', 'me'].map(member);
    expect(mentionOptions(members, 'a', 'me').map((m) => m.login)).toEqual(['alice', 'Ada', 'carla', 'malo']);
    expect(mentionOptions(members, 'AL', 'me').map((m) => m.login)).toEqual(['alice', 'malo']);
    const crowd = Array.from({ length: 20 }, (_, i) => member(`user${i}`));
    expect(mentionOptions(crowd, '', null)).toHaveLength(MENTION_OPTIONS_MAX);
  });

  it('replaces the typed part with the login and a space, caret after it', () => {
    expect(completeMention('hi @al', { start: 3, query: 'al' }, 'alice')).toEqual({
      text: 'hi @alice ',
      caret: 10,
    });
    expect(completeMention('@al how are you', { start: 0, query: 'al' }, 'alice')).toEqual({
      text: '@alice how are you',
      caret: 7,
    });
  });
});

describe('who can be mentioned', () => {
  it('adds the board’s authors the member list does not have yet, each once, never a gone author', () => {
    const stored = (author: { id: number; login: string; avatarUrl: string | null }) =>
      ({ kind: 'stored', message: makeMessage({ author }) }) as const;
    const timeline = [
      stored({ id: 2, login: 'Bob', avatarUrl: null }),
      stored({ id: 3, login: 'newcomer', avatarUrl: 'https://avatars.test/n' }),
      stored({ id: 3, login: 'newcomer', avatarUrl: 'https://avatars.test/n' }),
      stored({ id: 0, login: 'ghost', avatarUrl: null }),
    ];
    expect(withAuthors([member('bob'), member('ada')], timeline)).toEqual([
      member('bob'),
      member('ada'),
      { login: 'newcomer', avatarUrl: 'https://avatars.test/n' },
    ]);
  });
});
