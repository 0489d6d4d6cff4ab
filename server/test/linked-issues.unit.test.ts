import { describe, expect, it } from 'vitest';
import { linkedIssueNumbers } from '../src/github/repo-client.js';

describe('linkedIssueNumbers', () => {
  it.each([
    ['Fixes #1', [1]],
    ['closes #2, resolves #3', [2, 3]],
    ['Resolved: #4', [4]],
    ['FIXED #5', [5]],
    ['fix acme/widgets#6', [6]],
    ['fixes other/repo#7', []],
    ['see #8', []],
    ['prefixes #9', []],
    ['closes#10', []],
  ])('%j links %o', (body, expected) => {
    expect(linkedIssueNumbers([{ number: 100, title: 'PR', body }], 'acme/widgets')).toEqual(expected);
  });
});
