// The webhook tests' shared world: an app with a webhook secret, a clean catalogue per test, signed deliveries.
import { sql } from 'kysely';
import type { FinderIssue, IssueListResponse } from '@openlfg/contracts';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './app.js';
import { signedDelivery } from './fake-github.js';

export const SECRET = 'webhook-test-secret-0123456789';
export const REPO = 'acme/widgets';

/** The app every test of a file delivers to (`world.t` once its beforeAll has run), and its helpers. */
export function useWebhooksWorld() {
  const world = {} as { t: TestApp };
  beforeAll(async () => {
    world.t = await createTestApp({ env: { GITHUB_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(async () => {
    await world.t.close();
  });
  beforeEach(async () => {
    await sql`truncate projects, users, notifications, webhook_deliveries, github_installations restart identity cascade`.execute(
      world.t.database.db,
    );
  });
  const t = () => world.t;
  type Send = { secret?: string | null; deliveryId?: string; body?: string; app?: TestApp };

  async function send(event: string, payload: unknown, options: Send = {}) {
    const delivery = signedDelivery(
      options.secret === undefined ? SECRET : options.secret,
      event,
      payload,
      options,
    );
    return (options.app ?? t()).app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      headers: delivery.headers,
      payload: delivery.body,
    });
  }

  /** The project's issues as the finder answers anyone: taken ones too. */
  async function finderRows(projectId: number, app: TestApp = t()): Promise<FinderIssue[]> {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/issues',
      headers: jsonHeaders,
      payload: { projectId, notTaken: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as IssueListResponse).data;
  }

  async function takenState(projectId: number, number: number, app?: TestApp): Promise<string | undefined> {
    const rows = await finderRows(projectId, app);
    return rows.find((row) => row.url.endsWith(`/issues/${number}`))?.taken.state;
  }

  async function storedIssue(projectId: number, number: number) {
    return t()
      .database.db.selectFrom('issues')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('number', '=', number)
      .executeTakeFirst();
  }

  return { world, send, finderRows, takenState, storedIssue };
}
