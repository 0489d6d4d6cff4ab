import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { migrations } from '../src/platform/db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database.dispose());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('migrations', () => {
  it('apply every migration once, in order, and then nothing', async () => {
    expect(await migrateToLatest(database.db, { schema: database.schema })).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database.db, { schema: database.schema })).toEqual([]);
  });

  it('create the users table with case-insensitive unique logins', async () => {
    await database.db.insertInto('users').values({ github_id: 1, login: 'Octocat' }).execute();
    await expect(
      database.db.insertInto('users').values({ github_id: 2, login: 'octocat' }).execute(),
    ).rejects.toThrow(/users_login_lower_idx/);
  });
});

describe('the database connection', () => {
  it('reads int8 values (ids, counts) as numbers on every backend', async () => {
    const row = await database.db
      .selectFrom('users')
      .select((eb) => [eb.fn.countAll().as('count'), sql<number>`9007199254740991::int8`.as('big')])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ count: 1, big: Number.MAX_SAFE_INTEGER });
  });

  it('never runs a statement inside another caller’s transaction', async () => {
    // A transaction that is rolled back must take only its own writes with it. On a single connection
    // (PGlite) an unguarded insert sent while the transaction is open would run inside it and vanish.
    let insideTransaction!: () => void;
    const transactionOpen = new Promise<void>((resolve) => {
      insideTransaction = resolve;
    });
    const rolledBack = database.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('users').values({ github_id: 100, login: 'rolled-back' }).execute();
        insideTransaction();
        await sleep(50);
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await transactionOpen;
    await database.db.insertInto('users').values({ github_id: 101, login: 'kept' }).execute();
    expect(await rolledBack).toBe('rolled back');

    const logins = await database.db
      .selectFrom('users')
      .select('login')
      .where('github_id', 'in', [100, 101])
      .execute();
    expect(logins.map((r) => r.login)).toEqual(['kept']);
  });

  it('keeps concurrent read-modify-write transactions exact', async () => {
    await database.db.insertInto('users').values({ github_id: 200, login: 'counter', name: '0' }).execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('users')
            .select('name')
            .where('github_id', '=', 200)
            .forUpdate()
            .executeTakeFirstOrThrow();
          await sleep(1);
          await trx
            .updateTable('users')
            .set({ name: String(Number(row.name) + 1) })
            .where('github_id', '=', 200)
            .execute();
        }),
      ),
    );
    const row = await database.db
      .selectFrom('users')
      .select('name')
      .where('github_id', '=', 200)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('20');
  });

  it('answers ping while open', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });
});

describe('closing the database', () => {
  it('closes it even when no query ever ran: it answers no more', async () => {
    const unused = await createTestDatabase();
    await unused.dispose();
    await expect(unused.ping()).rejects.toThrow();
  });
});
