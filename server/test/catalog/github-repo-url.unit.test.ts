import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGitHubRepo, repoKey, RESERVED_OWNERS } from '../../src/catalog/sources/github-repo-url.js';

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;

describe('parseGitHubRepo accepts', () => {
  it.each([
    ['owner/name', 'owner/name'],
    ['ankidroid/Anki-Android', 'ankidroid/Anki-Android'],
    ['github.com/owner/name', 'owner/name'],
    ['https://github.com/owner/name', 'owner/name'],
    ['http://github.com/owner/name', 'owner/name'],
    ['https://www.github.com/owner/name', 'owner/name'],
    ['www.github.com/owner/name', 'owner/name'],
    ['HTTPS://GITHUB.COM/Owner/Name', 'Owner/Name'],
    ['https://github.com/owner/name.git', 'owner/name'],
    ['https://github.com/owner/name.GIT', 'owner/name'],
    ['https://github.com/owner/name/', 'owner/name'],
    ['owner/name/', 'owner/name'],
    ['owner/name.git', 'owner/name'],
    [
      'https://github.com/ankidroid/Anki-Android/issues?q=is%3Aopen+is%3Aissue+label%3A%22Good+First+Issue%21%22',
      'ankidroid/Anki-Android',
    ],
    ['https://github.com/FreshRSS/FreshRSS/labels/good%20first%20issue', 'FreshRSS/FreshRSS'],
    ['https://github.com/owner/name/tree/main/docs', 'owner/name'],
    ['https://github.com/owner/name/blob/main/README.md#usage', 'owner/name'],
    ['https://github.com/owner/name#readme', 'owner/name'],
    ['https://github.com/owner/name?tab=readme-ov-file', 'owner/name'],
    ['https://github.com/owner/name.git/', 'owner/name'],
    ['  https://github.com/owner/name \n', 'owner/name'],
    ['\towner/name\t', 'owner/name'],
    ['git@github.com:owner/name.git', 'owner/name'],
    ['git@github.com:owner/name', 'owner/name'],
    ['ssh://git@github.com/owner/name.git', 'owner/name'],
    ['git://github.com/owner/name.git', 'owner/name'],
    ['git+https://github.com/owner/name.git', 'owner/name'],
    ['a/b', 'a/b'],
    ['a-b-c/x.y_z-1', 'a-b-c/x.y_z-1'],
    ['0/0', '0/0'],
    ['owner/.github', 'owner/.github'],
    ['owner/..hidden', 'owner/..hidden'],
    ['owner/issues', 'owner/issues'],
    [`${'a'.repeat(39)}/${'b'.repeat(100)}`, `${'a'.repeat(39)}/${'b'.repeat(100)}`],
  ])('%j as %s', (input, repoExt) => {
    const repo = parseGitHubRepo(input);
    expect(repo?.repoExt).toBe(repoExt);
    const [owner, name] = repoExt.split('/');
    expect(repo).toEqual({ owner, name, repoExt });
  });
});

describe('parseGitHubRepo rejects', () => {
  it.each([
    '',
    '   ',
    'owner',
    'owner/',
    '/name',
    'owner//name',
    'owner/name/issues',
    'owner/name extra',
    'owner name/repo',
    'github.com',
    'https://github.com',
    'https://github.com/',
    'https://github.com/owner',
    'https://github.com/owner/',
    'https://github.com//owner/name',
    'https://github.com?owner/name',
    'https://github.com#owner/name',
    'https://github.com/orgs/some-org/projects',
    'https://github.com/orgs/some-org',
    'https://github.com/sponsors/someone',
    'https://github.com/topics/javascript',
    'https://github.com/marketplace/actions/checkout',
    'https://github.com/settings/profile',
    'https://github.com/features/actions',
    'https://github.com/collections/machine-learning',
    'https://github.com/apps/dependabot',
    'https://github.com/enterprise/startups',
    'https://github.com/login/oauth',
    'https://github.com/about/careers',
    'https://github.com/Orgs/Some-Org/x',
    'https://github.com/issues?q=is%3Aopen+org%3Alayer5io',
    'https://github.com/search?q=org%3Aloklak+is%3Aissue',
    'https://gist.github.com/owner/0123456789abcdef',
    'https://raw.githubusercontent.com/owner/name/main/README.md',
    'https://api.github.com/repos/owner/name',
    'https://github.com.evil.example/owner/name',
    'https://evil.example/github.com/owner/name',
    'evil.example/github.com/owner/name',
    'https://notgithub.com/owner/name',
    'https://gitlab.com/owner/name',
    'gitlab.com/owner/name',
    'https://codeberg.org/owner/name',
    'https://bitbucket.org/owner/name',
    'git@gitlab.com:owner/name.git',
    'ftp://github.com/owner/name',
    'javascript:alert(1)//github.com/owner/name',
    'https://user:pass@github.com/owner/name',
    'https://github.com:8443/owner/name',
    'ssh://git@github.com:owner/name.git',
    'github.com/owner/na me',
    'https://github.com/owner/na%20me',
    'https://github.com/own%65r/name',
    'https://github.com/-owner/name',
    'https://github.com/owner-/name',
    'https://github.com/own--er/name',
    'https://github.com/own_er/name',
    'https://github.com/own.er/name',
    `https://github.com/${'a'.repeat(40)}/name`,
    `https://github.com/owner/${'b'.repeat(101)}`,
    'https://github.com/owner/.',
    'https://github.com/owner/..',
    'https://github.com/owner/.git',
    'https://github.com/owner/na~me',
    'https://github.com/owner/nämé',
    'owner/name\u0000',
    'owner/na\nme',
    `https://github.com/owner/name?q=${'x'.repeat(3000)}`,
  ])('%j', (input) => {
    expect(parseGitHubRepo(input)).toBeNull();
  });

  it('treats every reserved first segment as not an owner, whatever its case', () => {
    for (const reserved of RESERVED_OWNERS) {
      expect(parseGitHubRepo(`https://github.com/${reserved}/anything`)).toBeNull();
      expect(parseGitHubRepo(`${reserved.toUpperCase()}/anything`)).toBeNull();
    }
    expect(RESERVED_OWNERS.has('orgs')).toBe(true);
    expect(RESERVED_OWNERS.has('sponsors')).toBe(true);
  });
});

describe('repoKey', () => {
  it('lowercases, so repositories that differ only in case share a key', () => {
    expect(repoKey('ankidroid/Anki-Android')).toBe('ankidroid/anki-android');
    expect(repoKey('AnkiDroid/anki-android')).toBe(repoKey('ankidroid/Anki-Android'));
    expect(repoKey('owner/name')).not.toBe(repoKey('owner/name2'));
  });
});

const ownerArbitrary = fc
  .array(fc.stringMatching(/^[A-Za-z0-9]{1,6}$/), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join('-'))
  .filter((owner) => owner.length <= 39);
const nameArbitrary = fc
  .stringMatching(/^[A-Za-z0-9._-]{1,100}$/)
  .filter((name) => name !== '.' && name !== '..' && !name.toLowerCase().endsWith('.git'));
const suffixArbitrary = fc.constantFrom(
  '',
  '/',
  '.git',
  '.git/',
  '/issues',
  '/issues?q=is%3Aopen+label%3A%22good+first+issue%22',
  '/labels/help%20wanted',
  '/tree/main/src',
  '/blob/main/README.md#L10',
  '#readme',
  '?tab=readme-ov-file',
);
const prefixArbitrary = fc.constantFrom(
  'https://github.com/',
  'http://github.com/',
  'https://www.github.com/',
  'github.com/',
  'www.github.com/',
  'HTTPS://GitHub.com/',
);

describe('parseGitHubRepo properties', () => {
  it('reads owner/name back from every URL form of a valid repository', () => {
    fc.assert(
      fc.property(
        ownerArbitrary.filter((owner) => !RESERVED_OWNERS.has(owner.toLowerCase())),
        nameArbitrary,
        prefixArbitrary,
        suffixArbitrary,
        fc.constantFrom('', ' ', '\n', '\t '),
        (owner, name, prefix, suffix, space) => {
          const expected = { owner, name, repoExt: `${owner}/${name}` };
          expect(parseGitHubRepo(`${space}${prefix}${owner}/${name}${suffix}${space}`)).toEqual(expected);
          expect(parseGitHubRepo(`${owner}/${name}`)).toEqual(expected);
          expect(parseGitHubRepo(`git@github.com:${owner}/${name}.git`)).toEqual(expected);
        },
      ),
    );
  });

  it('never throws, and whatever it accepts is a valid owner and name', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.tuple(prefixArbitrary, fc.string(), fc.string()).map(([p, a, b]) => `${p}${a}/${b}`),
        ),
        (input) => {
          const repo = parseGitHubRepo(input);
          if (repo === null) return;
          expect(repo.owner).toMatch(OWNER);
          expect(repo.name).toMatch(NAME);
          expect(['.', '..']).not.toContain(repo.name);
          expect(RESERVED_OWNERS.has(repo.owner.toLowerCase())).toBe(false);
          expect(repo.repoExt).toBe(`${repo.owner}/${repo.name}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rejects every other host', () => {
    fc.assert(
      fc.property(
        fc.domain().filter((domain) => !/^(www\.)?github\.com$/i.test(domain)),
        ownerArbitrary,
        nameArbitrary,
        (domain, owner, name) => {
          expect(parseGitHubRepo(`https://${domain}/${owner}/${name}`)).toBeNull();
        },
      ),
    );
  });
});
