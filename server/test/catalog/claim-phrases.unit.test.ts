import { describe, expect, it } from 'vitest';
import { CLAIM_PHRASES, isClaimComment } from '../../src/catalog/sync/claim-phrases.js';

describe('the claim comment matcher', () => {
  it.each(CLAIM_PHRASES)('takes "%s" inside a comment, whatever its case and apostrophes', (phrase) => {
    expect(isClaimComment(phrase)).toBe(true);
    const shouted = `Hi there! ${phrase.toUpperCase().replace(/'/g, '\u2019')}. Thanks`;
    expect(isClaimComment(shouted)).toBe(true);
    expect(isClaimComment(`Hello,\n\n${phrase.replace(/ /g, '  ')}\nCheers`)).toBe(true);
  });

  it.each([
    'Thanks for the report!',
    'Is anyone working on it?',
    'Is somebody working on this already?',
    "I'm not working on it any more, feel free to take it.",
    'I can no longer working on this, sorry',
    "I can't take it after all",
    'The /assignments page is broken',
    'See https://example.com/take/this',
    'This fails when the assignee is missing',
    '',
  ])('leaves "%s" alone', (comment) => {
    expect(isClaimComment(comment)).toBe(false);
  });

  it('reads slash commands as a word of their own', () => {
    expect(isClaimComment('/assign')).toBe(true);
    expect(isClaimComment('/take please')).toBe(true);
    expect(isClaimComment('please /claim.')).toBe(true);
    expect(isClaimComment('/assignee')).toBe(false);
  });
});
