import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('page links', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [6, 20, [1, 'gap', 5, 6, 7, 'gap', 20]],
    // A gap would hide only page 2 (or 19): the page is shown instead.
    [4, 20, [1, 2, 3, 4, 5, 'gap', 20]],
    [17, 20, [1, 'gap', 16, 17, 18, 19, 20]],
    [20, 20, [1, 'gap', 19, 20]],
  ])('page %i of %i: %j', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });
});
