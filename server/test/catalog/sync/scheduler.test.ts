import { describe, expect, it } from 'vitest';
import { startSyncScheduler, type SchedulerLog } from '../../../src/catalog/sync/scheduler.js';
import { NO_TOKEN_MESSAGE } from '../../../src/catalog/sync/run.js';
import { testConfig } from '../../support/app.js';
import { repository, syncEnv, useSyncWorld } from './support.js';

const t = useSyncWorld();

function recordingLog() {
  const lines: { level: string; message: string; object?: object }[] = [];
  const log: SchedulerLog = {
    info: (object, message) => lines.push({ level: 'info', message, object }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (object, message) => lines.push({ level: 'error', message, object }),
  };
  return { log, lines };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the scheduled sync', () => {
  it('runs on its timer, tells the lists, and another node finds it not due', async () => {
    await t.seed(['o/p1']);
    t.world.github.repositories.set('o/p1', repository(1));
    const config = testConfig(syncEnv(t.world));
    const first = recordingLog();
    let told = 0;
    const node1 = startSyncScheduler({
      config,
      database: t.database,
      log: first.log,
      onCatalogueChanged: () => told++,
      firstTryDelayMs: 0,
    });
    await until(() => first.lines.some((l) => l.message.startsWith('Catalogue sync completed')));
    expect(told).toBe(1);
    expect(await t.runs()).toMatchObject([{ status: 'completed', projects_synced: 1 }]);

    // A second node's timer fires within the interval: the lock is free, but the run is not due.
    const second = recordingLog();
    const node2 = startSyncScheduler({
      config,
      database: t.database,
      log: second.log,
      onCatalogueChanged: () => told++,
      firstTryDelayMs: 0,
    });
    await until(() => second.lines.length > 0);
    expect(second.lines[0]?.message).toMatch(/^The last catalogue sync started at .*; the next is due at /);
    expect(await t.runs()).toHaveLength(1);
    await node1.stop();
    await node2.stop();
  });

  it('stops a run in progress on shutdown, which then counts as interrupted', async () => {
    const repos = ['o/p1', 'o/p2', 'o/p3', 'o/p4'];
    await t.seed(repos);
    repos.forEach((repo, i) => t.world.github.repositories.set(repo, repository(i)));
    t.world.github.contributorsDelayMs = 150;
    const { log } = recordingLog();
    const scheduler = startSyncScheduler({
      config: testConfig(syncEnv(t.world)),
      database: t.database,
      log,
      onCatalogueChanged: () => undefined,
      firstTryDelayMs: 0,
    });
    await until(() => t.world.github.requests.some((r) => r.path.endsWith('/contributors')));
    await scheduler.stop();
    const [run] = await t.runs();
    expect(run).toMatchObject({ status: 'interrupted', error: 'The server is shutting down.' });
    expect(run?.projects_synced).toBeLessThan(4);
  });

  it('is off, saying so once, without a token or with an interval of 0', async () => {
    await t.seed(['o/p1']);
    const noToken = recordingLog();
    const off = startSyncScheduler({
      config: testConfig({ GITHUB_API_URL: t.world.github.url }),
      database: t.database,
      log: noToken.log,
      onCatalogueChanged: () => undefined,
      firstTryDelayMs: 0,
    });
    const zero = recordingLog();
    const alsoOff = startSyncScheduler({
      config: testConfig({ ...syncEnv(t.world), SYNC_INTERVAL_MINUTES: '0' }),
      database: t.database,
      log: zero.log,
      onCatalogueChanged: () => undefined,
      firstTryDelayMs: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(noToken.lines).toEqual([
      { level: 'warn', message: `${NO_TOKEN_MESSAGE} The scheduled catalogue sync is off.` },
    ]);
    expect(zero.lines.map((l) => l.message)).toEqual([
      'The scheduled catalogue sync is off (SYNC_INTERVAL_MINUTES=0)',
    ]);
    expect(t.world.github.requests).toHaveLength(0);
    expect(await t.runs()).toHaveLength(0);
    await off.stop();
    await alsoOff.stop();
  });
});
