import { createHmac, randomUUID } from 'node:crypto';

/**
 * GitHub's webhook deliveries as GitHub sends them (docs.github.com, "Webhook events and payloads"): the JSON body,
 * and the headers: X-GitHub-Event, X-GitHub-Delivery (a GUID), X-GitHub-Hook-ID, X-Hub-Signature-256 (HMAC-SHA256
 * of the raw body under the webhook's secret) and a GitHub-Hookshot user agent. The payloads carry the fields
 * GitHub's do that the app reads, and a few around them.
 */

export interface SignedDelivery {
  deliveryId: string;
  headers: Record<string, string>;
  body: string;
}

/** A delivery of `payload` for `event`, signed with `secret` (none: unsigned). */
export function signedDelivery(
  secret: string | null,
  event: string,
  payload: unknown,
  options: { deliveryId?: string; body?: string } = {},
): SignedDelivery {
  const deliveryId = options.deliveryId ?? randomUUID();
  const body = options.body ?? JSON.stringify(payload);
  return {
    deliveryId,
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/4e5a8f1',
      'x-github-event': event,
      'x-github-delivery': deliveryId,
      'x-github-hook-id': '470187364',
      'x-github-hook-installation-target-type': 'integration',
      ...(secret === null
        ? {}
        : { 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` }),
    },
  };
}

/** POSTs a signed delivery to the app at `appUrl` over HTTP, as GitHub does; answers the status and body. */
export async function deliver(
  appUrl: string,
  secret: string,
  event: string,
  payload: unknown,
  options: { deliveryId?: string } = {},
): Promise<{ status: number; body: string; deliveryId: string }> {
  const delivery = signedDelivery(secret, event, payload, options);
  const res = await fetch(`${appUrl}/api/github/webhooks`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.text(), deliveryId: delivery.deliveryId };
}

const user = (login: string, id = 1) => ({
  login,
  id,
  node_id: `MDQ6VXNlcj${id}`,
  avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
  html_url: `https://github.com/${login}`,
  type: 'User',
  site_admin: false,
});

export function repositoryPayload(fullName: string) {
  const [owner = 'acme', name = 'widgets'] = fullName.split('/');
  return {
    id: 1296269,
    node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5',
    name,
    full_name: fullName,
    private: false,
    owner: user(owner, 2),
    html_url: `https://github.com/${fullName}`,
    default_branch: 'main',
  };
}

export interface FakeWebhookIssue {
  number: number;
  title?: string;
  state?: 'open' | 'closed';
  labels?: string[];
  assignees?: string[];
  comments?: number;
  createdAt?: Date;
  updatedAt?: Date;
}

export function issuePayload(fullName: string, issue: FakeWebhookIssue) {
  const created = issue.createdAt ?? new Date(Date.now() - 86_400_000);
  const assignees = (issue.assignees ?? []).map((login, i) => user(login, 100 + i));
  return {
    url: `https://api.github.com/repos/${fullName}/issues/${issue.number}`,
    html_url: `https://github.com/${fullName}/issues/${issue.number}`,
    id: 1_000_000 + issue.number,
    node_id: `I_kwDO${issue.number}`,
    number: issue.number,
    title: issue.title ?? `Issue ${issue.number}`,
    user: user('reporter', 50),
    labels: (issue.labels ?? ['good first issue']).map((name, i) => ({
      id: 200 + i,
      node_id: `LA_${i}`,
      name,
      color: '7057ff',
      default: false,
      description: null,
    })),
    state: issue.state ?? 'open',
    locked: false,
    assignee: assignees[0] ?? null,
    assignees,
    comments: issue.comments ?? 0,
    created_at: created.toISOString(),
    updated_at: (issue.updatedAt ?? new Date()).toISOString(),
    closed_at: issue.state === 'closed' ? new Date().toISOString() : null,
    author_association: 'NONE',
    body: 'Steps to reproduce...',
  };
}

/** An `issues` event: opened, closed, reopened, labeled, unlabeled, assigned, unassigned, edited... */
export function issuesEvent(fullName: string, action: string, issue: FakeWebhookIssue, extra: object = {}) {
  return {
    action,
    issue: issuePayload(fullName, issue),
    repository: repositoryPayload(fullName),
    sender: user('someone', 60),
    ...extra,
  };
}

/** An `issue_comment` event (created by default). */
export function issueCommentEvent(
  fullName: string,
  issue: FakeWebhookIssue,
  comment: { body: string; by: string; association?: string; at?: Date },
  action = 'created',
) {
  return {
    action,
    issue: issuePayload(fullName, issue),
    comment: {
      id: 11_056_394,
      html_url: `https://github.com/${fullName}/issues/${issue.number}#issuecomment-11056394`,
      user: user(comment.by, 70),
      created_at: (comment.at ?? new Date()).toISOString(),
      updated_at: (comment.at ?? new Date()).toISOString(),
      author_association: comment.association ?? 'NONE',
      body: comment.body,
    },
    repository: repositoryPayload(fullName),
    sender: user(comment.by, 70),
  };
}

/** A `pull_request` event: opened, closed, reopened, edited (with `changes`). */
export function pullRequestEvent(
  fullName: string,
  action: string,
  pull: { number: number; title?: string; body: string | null; state?: 'open' | 'closed'; by?: string },
  changes?: { body?: { from: string }; title?: { from: string } },
) {
  return {
    action,
    number: pull.number,
    pull_request: {
      url: `https://api.github.com/repos/${fullName}/pulls/${pull.number}`,
      html_url: `https://github.com/${fullName}/pull/${pull.number}`,
      id: 2_000_000 + pull.number,
      number: pull.number,
      state: pull.state ?? (action === 'closed' ? 'closed' : 'open'),
      title: pull.title ?? `Pull request ${pull.number}`,
      body: pull.body,
      user: user(pull.by ?? 'contributor', 80),
      draft: false,
      merged: false,
      created_at: new Date(Date.now() - 60_000).toISOString(),
      updated_at: new Date().toISOString(),
      author_association: 'CONTRIBUTOR',
    },
    ...(changes ? { changes } : {}),
    repository: repositoryPayload(fullName),
    sender: user(pull.by ?? 'contributor', 80),
  };
}

/** An `installation` event (created, deleted, suspend...) with the repositories it covers. */
export function installationEvent(action: string, id: number, account: string, repositories: string[] = []) {
  return {
    action,
    installation: { id, account: user(account, 90), app_id: 12345, target_type: 'Organization' },
    repositories: repositories.map((full_name, i) => ({
      id: 3000 + i,
      node_id: `R_${i}`,
      name: full_name.split('/')[1],
      full_name,
      private: false,
    })),
    sender: user(account, 90),
  };
}

/** An `installation_repositories` event: repositories added to or removed from an installation. */
export function installationRepositoriesEvent(
  action: 'added' | 'removed',
  id: number,
  account: string,
  repositories: string[],
) {
  const list = repositories.map((full_name, i) => ({
    id: 3000 + i,
    node_id: `R_${i}`,
    name: full_name.split('/')[1],
    full_name,
    private: false,
  }));
  return {
    action,
    installation: { id, account: user(account, 90), app_id: 12345 },
    repository_selection: 'selected',
    repositories_added: action === 'added' ? list : [],
    repositories_removed: action === 'removed' ? list : [],
    sender: user(account, 90),
  };
}
