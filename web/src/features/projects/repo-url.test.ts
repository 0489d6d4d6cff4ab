import { describe, expect, it } from 'vitest';
import { BAD_URL_MESSAGE, EMPTY_URL_MESSAGE, parseRepositoryInput } from './repo-url';

describe('what the user types as a repository', () => {
  it.each([
    'https://github.com/owner/name',
    'http://github.com/owner/name/',
    'https://www.github.com/owner/name.git',
    'github.com/owner/name',
    '  owner/name  ',
  ])('accepts %s as owner/name', (input) => {
    expect(parseRepositoryInput(input)).toEqual({
      ok: true,
      repoExt: 'owner/name',
      projectUrl: 'https://github.com/owner/name',
    });
  });

  it('keeps dots, dashes and underscores in the name', () => {
    expect(parseRepositoryInput('my-org/my_repo.js')).toMatchObject({
      ok: true,
      repoExt: 'my-org/my_repo.js',
    });
  });

  it('asks for something when the field is empty', () => {
    expect(parseRepositoryInput('   ')).toEqual({ ok: false, message: EMPTY_URL_MESSAGE });
  });

  it.each([
    'https://gitlab.com/owner/name',
    'owner',
    'https://github.com/owner',
    'https://github.com/owner/name/issues',
    '-owner/name',
    'own er/name',
  ])('refuses %s', (input) => {
    expect(parseRepositoryInput(input)).toEqual({ ok: false, message: BAD_URL_MESSAGE });
  });
});
