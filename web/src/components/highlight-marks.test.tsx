import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightPattern, markMatches } from './highlight-marks';

/** The marked parts of `text` for `search`, as a reader sees them. */
function marked(search: string, text: string): string[] {
  const pattern = highlightPattern(search);
  if (!pattern) return [];
  const { container } = render(<p>{markMatches(text, pattern)}</p>);
  return [...container.querySelectorAll('mark')].map((mark) => mark.textContent ?? '');
}

describe('the searched words marked in a card', () => {
  it('marks the last word typed as the start of a word, the words before it whole', () => {
    expect(marked('zulip mob', 'Zulip mobile apps for zulipchat')).toEqual(['Zulip', 'mob']);
    expect(marked('react re', 'react-native reacts to render')).toEqual(['react', 're', 're']);
  });

  it('marks nothing a search has no words for', () => {
    expect(highlightPattern('!!! ::')).toBeNull();
    expect(marked('go', 'A Rust crate')).toEqual([]);
  });

  it('marks the words past the eighth nowhere, and the eighth only whole, as the server searches', () => {
    const search = 'one two three four five six seven eight nine';
    expect(marked(search, 'eighteen eight nine')).toEqual(['eight']);
  });
});
