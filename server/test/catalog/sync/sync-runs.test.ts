// A sync run's life: refused without a token, resumed after a crash, stopped when asked, and one at a time.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ALREADY_RUNNING_MESSAGE, NO_TOKEN_MESSAGE } from '../../../src/catalog/sync/run.js';
import { openDatabase } from '../../../src/platform/db/database.js';
import { testConfig } from '../../support/app.js';
import { report, repository, sync, useSyncWorld } from './support.js';

const t = useSyncWorld();

describe('a catalogue sync run', () => {
  it('refuses to start without a GitHub token, saying why', async () => {
    await t.seed(['o/p1']);
    const config = testConfig({ GITHUB_API_URL: t.world.github.url });
    const outcome = await t.sync({ github: config.github });
    expect(outcome).toEqual({ status: 'refused', message: NO_TOKEN_MESSAGE });
    expect(NO_TOKEN_MESSAGE).toContain('GITHUB_TOKEN');
    expect(t.world.github.requests).toHaveLength(0);
    expect(await t.runs()).toHaveLength(0);
  });

  it('marks a run its crashed process left running as interrupted, and resumes its cycle', async () => {
    await t.seed(['o/p1', 'o/p2']);
    for (const repo of ['o/p1', 'o/p2']) t.world.github.repositories.set(repo, repository(1));
    await t.database.db
      .insertInto('sync_runs')
      .values({
        started_at: new Date(Date.now() - 3_600_000),
        cycle_started_at: new Date(Date.now() - 3_600_000),
      })
      .execute();
    await t.database.db
      .updateTable('projects')
      .set({
        sync_attempted_at: new Date(Date.now() - 1_800_000),
        last_synced_at: new Date(Date.now() - 1_800_000),
      })
      .where('repo_ext', '=', 'o/p1')
      .execute();

    const result = report(await t.sync());

    expect(result).toMatchObject({ status: 'completed', resumed: true, total: 1 });
    const [crashed, resumed] = await t.runs();
    expect(crashed).toMatchObject({ status: 'interrupted' });
    expect(crashed?.error).toMatch(/ended without finishing/);
    expect(crashed?.finished_at).toBeInstanceOf(Date);
    expect(resumed?.cycle_started_at.getTime()).toBe(crashed?.cycle_started_at.getTime());
  });

  it('stops when asked, after the project in progress, and leaves the rest to the next run', async () => {
    const repos = ['o/p1', 'o/p2', 'o/p3', 'o/p4'];
    await t.seed(repos);
    repos.forEach((repo, i) => t.world.github.repositories.set(repo, repository(i)));
    const controller = new AbortController();

    const result = report(
      await t.sync({
        signal: controller.signal,
        onProgress: (done) => {
          if (done === 2) controller.abort(new Error('Stopped by SIGINT'));
        },
      }),
    );

    expect(result).toMatchObject({
      status: 'interrupted',
      synced: 2,
      reason: 'Stopped by SIGINT',
      resumeAt: null,
    });
    expect((await t.runs())[0]).toMatchObject({ status: 'interrupted', error: 'Stopped by SIGINT' });
    const next = report(await t.sync());
    expect(next).toMatchObject({ status: 'completed', resumed: true, total: 2 });
  });
});

describe('one sync at a time', () => {
  it.runIf(process.env.OPENLFG_TEST_DB === 'postgres')(
    'on PostgreSQL, a run waiting on GitHub keeps its connection and lock: it waits outside any transaction',
    async () => {
      // The run's connection holds a session-level lock for the whole run and idles while GitHub answers. Were
      // it inside a transaction then, the server would end it after the idle-in-transaction bound.
      await t.seed(['o/p1', 'o/p2', 'o/p3']);
      for (const repo of ['o/p1', 'o/p2', 'o/p3']) t.world.github.repositories.set(repo, repository(1));
      t.world.github.contributorsDelayMs = 300;
      const node = await openDatabase({
        kind: 'postgres',
        url: process.env.TEST_DATABASE_URL ?? '',
        poolSize: 2,
        searchPath: t.database.schema,
        waits: { idleInTransactionMs: 100 },
      });
      try {
        expect(report(await sync(t.world, node))).toMatchObject({ status: 'completed', synced: 3 });
      } finally {
        await node.close();
      }
    },
  );

  it.runIf(process.env.OPENLFG_TEST_DB !== 'postgres')(
    'on PGlite, a second run in the process is told a sync is already running',
    async () => {
      await t.seed(['o/p1']);
      t.world.github.repositories.set('o/p1', repository(1));
      const [a, b] = await Promise.all([t.sync(), t.sync()]);
      expect([a.status, b.status].sort()).toEqual(['already-running', 'completed']);
      expect([a, b].find((o) => o.status === 'already-running')).toEqual({
        status: 'already-running',
        message: ALREADY_RUNNING_MESSAGE,
      });
      expect(await t.runs()).toHaveLength(1);
      // The flag is released with the run.
      expect((await t.sync()).status).toBe('completed');
    },
  );

  it.runIf(process.env.OPENLFG_TEST_DB === 'postgres')(
    'on PostgreSQL, two nodes starting together make one run; the other is told a sync is already running',
    async () => {
      await t.seed(['o/p1', 'o/p2']);
      for (const repo of ['o/p1', 'o/p2']) t.world.github.repositories.set(repo, repository(1));
      t.world.github.contributorsDelayMs = 200;
      const url = process.env.TEST_DATABASE_URL ?? '';
      // A second node: its own pool, on the same t.database (and schema).
      const other = await openDatabase({ kind: 'postgres', url, poolSize: 2, searchPath: t.database.schema });
      try {
        const [a, b] = await Promise.all([t.sync(), sync(t.world, other)]);
        expect([a.status, b.status].sort()).toEqual(['already-running', 'completed']);
        expect([a, b].find((o) => o.status === 'already-running')).toEqual({
          status: 'already-running',
          message: ALREADY_RUNNING_MESSAGE,
        });
        expect(await t.runs()).toHaveLength(1);
        // The lock goes with the run: the other node can run next.
        expect((await sync(t.world, other)).status).toBe('completed');
        const { rows } = await sql<{ count: number }>`
          select count(*)::int as count from pg_locks where locktype = 'advisory'
            and objid = hashtext(current_schema())::oid`.execute(t.database.db);
        expect(rows[0]?.count).toBe(0);
      } finally {
        await other.close();
      }
    },
  );
});
