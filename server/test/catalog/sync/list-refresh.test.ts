import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from '../../support/app.js';
import { repository, seed, startWorld, stopWorld, sync, syncEnv, type SyncWorld } from './support.js';

let world: SyncWorld;
let t: TestApp;

beforeAll(async () => {
  world = await startWorld();
  t = await createTestApp({ env: syncEnv(world) });
});
afterAll(async () => {
  await t.close();
  await stopWorld(world);
});

const list = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: jsonHeaders,
      payload: { sortField: 'contributors', order: 'DESC', page: 1 },
    })
  ).json() as {
    data: { repoExt: string; stars: number | null; contributors: number | null; isDemo: boolean }[];
  };

describe('after a sync', () => {
  it('the projects list answers the new figures at once: the sync tells the cached lists', async () => {
    await seed(t.database, ['acme/widgets'], { isDemo: true });
    world.github.repositories.set('acme/widgets', repository(7));
    // The list is cached (LIST_CACHE_TTL_MS defaults to 30 s), so without the sync's word it would stay old.
    expect((await list()).data[0]).toMatchObject({ repoExt: 'acme/widgets', stars: null, isDemo: true });

    let told = 0;
    const outcome = await sync(world, t.database, {
      onCatalogueChanged: () => {
        told++;
        t.app.catalogueChanged();
      },
    });

    expect(outcome.status).toBe('completed');
    expect(told).toBe(1);
    expect((await list()).data[0]).toMatchObject({ stars: 1007, contributors: 1, isDemo: false });
  });

  it('does not disturb the caches when the run changed nothing', async () => {
    world.github.repositories.clear();
    let told = 0;
    await sync(world, t.database, { onCatalogueChanged: () => told++ }); // a new cycle: the repository is gone
    expect(told).toBe(0);
  });
});
