// The sync reads the repositories a GitHub App installation covers with that installation's token.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { report, repository, useSyncWorld } from './support.js';

const t = useSyncWorld();

async function cover(repoExt: string, installationId: number) {
  await t.database.db
    .insertInto('github_installations')
    .values({ id: installationId, account_login: 'acme' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await t.database.db
    .updateTable('projects')
    .set({ github_installation_id: installationId })
    .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
    .execute();
}

describe('a sync with a GitHub App', () => {
  it("reads covered repositories with their installation's token, asked once per run, the rest with the server token", async () => {
    const { github } = t.world;
    await sql`truncate github_installations cascade`.execute(t.database.db);
    github.graphqlTokens.length = 0;
    github.app.installations.add(77);
    await t.seed(['acme/one', 'acme/two', 'other/three']);
    for (const [n, name] of ['acme/one', 'acme/two', 'other/three'].entries()) {
      github.repositories.set(name, repository(n));
    }
    await cover('acme/one', 77);
    await cover('acme/two', 77);

    const outcome = report(await t.sync({}, { ...github.appEnv(), SYNC_BATCH_SIZE: '1' }));
    expect(outcome.synced).toBe(3);

    expect(github.app.issued.get(77)).toBe(1);
    const byQuery = t.queriedRepos().map((repos, i) => ({ repos, token: github.graphqlTokens[i] }));
    const installationToken = [...github.app.tokens.keys()][0];
    expect(byQuery).toEqual(
      expect.arrayContaining([
        { repos: ['acme/one'], token: installationToken },
        { repos: ['acme/two'], token: installationToken },
        { repos: ['other/three'], token: github.apiToken },
      ]),
    );
    expect((await t.project('acme/one')).stars).toBe(1000);
  });

  it('falls back to the server token when GitHub refuses the installation (uninstalled meanwhile)', async () => {
    const { github } = t.world;
    await sql`truncate github_installations cascade`.execute(t.database.db);
    github.graphqlTokens.length = 0;
    await t.seed(['acme/gone']);
    github.repositories.set('acme/gone', repository(5));
    await cover('acme/gone', 404);

    const outcome = report(await t.sync({}, github.appEnv()));
    expect(outcome.synced).toBe(1);
    expect(github.graphqlTokens).toEqual([github.apiToken]);
  });
});
