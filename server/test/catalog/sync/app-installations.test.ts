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

  it('reads a covered project once a day, not every run: its webhooks keep it fresh between', async () => {
    const { github } = t.world;
    await sql`truncate github_installations cascade`.execute(t.database.db);
    github.app.installations.add(78);
    await t.seed(['acme/hooked', 'other/plain']);
    github.repositories.set('acme/hooked', repository(6));
    github.repositories.set('other/plain', repository(7));
    await cover('acme/hooked', 78);
    // Never synced: read once, like every new project.
    expect(report(await t.sync({}, github.appEnv())).synced).toBe(2);

    // The next run, within the day: only the uncovered project.
    const before = t.queriedRepos().length;
    expect(report(await t.sync({}, github.appEnv())).synced).toBe(1);
    expect(t.queriedRepos().slice(before).flat()).toEqual(['other/plain']);

    // A day after its last read, the covered project is reconciled again.
    await sql`update projects set last_synced_at = now() - interval '25 hours'
              where repo_ext = 'acme/hooked'`.execute(t.database.db);
    const again = t.queriedRepos().length;
    expect(report(await t.sync({}, github.appEnv())).synced).toBe(2);
    expect(t.queriedRepos().slice(again).flat().sort()).toEqual(['acme/hooked', 'other/plain']);
  });
});
