import { describe, expect, it } from 'vitest';
import { moderationHref, parseModerationLocation } from './moderation-location';

describe('the moderation address', () => {
  it.each([
    ['', { tab: 'requests', page: 1 }],
    ['?tab=reports', { tab: 'reports', page: 1 }],
    ['?tab=audit&page=3', { tab: 'audit', page: 3 }],
    ['?tab=nonsense&page=2', { tab: 'requests', page: 2 }],
    ['?tab=catalogue&page=0', { tab: 'catalogue', page: 1 }],
    ['?tab=catalogue&page=1.5', { tab: 'catalogue', page: 1 }],
  ])('%s reads as %j', (search, expected) => {
    expect(parseModerationLocation(search)).toEqual(expected);
  });

  it('writes the page only past the first', () => {
    expect(moderationHref({ tab: 'reports' })).toBe('/admin?tab=reports');
    expect(moderationHref({ tab: 'audit', page: 4 })).toBe('/admin?tab=audit&page=4');
  });
});
