import { FakeGitHub } from '../server/test/support/fake-github.js';
import { FAKE_GITHUB_PORT } from './playwright.config.js';

/** A repository users request in the moderation journey; GitHub's figures for it show to the moderator. */
export const REQUESTED_REPOSITORY = 'e2e-mod/aa-moderated-tool';

/**
 * GitHub cannot be reached from the test machine, so the site under test reads repository issues from a local
 * fake that speaks GitHub's REST API. It knows the open issues of one demo project, facebook/react, and the
 * figures of the repository the moderation journey requests.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const github = await new FakeGitHub().start(FAKE_GITHUB_PORT);
  const issue = (number: number, title: string, labels: string[], assignee: string | null = null) => ({
    number,
    title,
    html_url: `https://github.com/facebook/react/issues/${number}`,
    labels: labels.map((name) => ({ name, color: name === 'good first issue' ? '7057ff' : 'd73a4a' })),
    comments: number % 4,
    created_at: new Date(Date.now() - number * 3_600_000).toISOString(),
    user: { login: 'reporter' },
    assignee: assignee ? { login: assignee } : null,
  });
  github.repoData.set('facebook/react', {
    issues: [
      issue(3, 'Document the new hook', ['good first issue', 'docs']),
      issue(2, 'Crash when rendering a portal', ['bug'], 'maintainer'),
      issue(1, 'Typo in the error message', ['good first issue']),
    ],
    pulls: [{ number: 4, title: 'Fix the typo', body: 'Fixes #1' }],
  });
  github.repositories.set(REQUESTED_REPOSITORY, {
    stargazerCount: 42,
    forkCount: 5,
    description: 'A tool a moderator approves in the end-to-end journey.',
    language: 'TypeScript',
    license: { spdxId: 'MIT', name: 'MIT License' },
  });
  return () => github.stop();
}
