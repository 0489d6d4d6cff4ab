import { describe, expect, it } from 'vitest';
import { mentionedLogins, MENTIONS_MAX, splitMentions } from '../src/mentions.js';

describe('mentions in a message', () => {
  it('finds @logins at the start and after spaces or punctuation, keeping the text around them', () => {
    expect(splitMentions('@ada, ask (@bob-c) now')).toEqual([
      { kind: 'mention', text: '@ada', login: 'ada' },
      { kind: 'text', text: ', ask (' },
      { kind: 'mention', text: '@bob-c', login: 'bob-c' },
      { kind: 'text', text: ') now' },
    ]);
  });

  it('ignores emails, addresses and what cannot be a GitHub login', () => {
    for (const text of ['mail ada@example.org', 'https://x.dev/@ada', '@-ada', '@ada-', '@ada_b', '@@ada']) {
      expect(mentionedLogins(text), text).toEqual([]);
    }
    expect(mentionedLogins(`@${'a'.repeat(40)}`)).toEqual([]);
    expect(mentionedLogins(`@${'a'.repeat(39)}`)).toEqual(['a'.repeat(39)]);
  });

  it('names each login once, lowercased, and at most MENTIONS_MAX of them', () => {
    expect(mentionedLogins('@Ada @ada @ADA @bob')).toEqual(['ada', 'bob']);
    const many = Array.from({ length: MENTIONS_MAX + 5 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedLogins(many)).toHaveLength(MENTIONS_MAX);
  });
});
