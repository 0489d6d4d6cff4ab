import { readCount, readDate, readText } from '../catalog/sources/fields.js';

/**
 * Reading GitHub's webhook payloads (docs.github.com, "Webhook events and payloads") into the few facts the
 * appliers need. A field the event cannot do without that is missing or of the wrong type makes the payload
 * malformed (400); anything else GitHub sends is passed over.
 */

export class MalformedPayload extends Error {
  override name = 'MalformedPayload';
}

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function required<T>(value: T | null, what: string): T {
  if (value === null) throw new MalformedPayload(`The payload has no valid ${what}.`);
  return value;
}

const loginOf = (value: unknown): string | null => (isRecord(value) ? readText(value.login, 39) : null);

/** The repository a delivery is about: `owner/name`, as the catalogue stores it. */
export function readRepositoryName(payload: Json): string {
  const repository = payload.repository;
  return required(isRecord(repository) ? readText(repository.full_name, 200) : null, 'repository.full_name');
}

export function readAction(payload: Json): string {
  return required(readText(payload.action, 100), 'action');
}

/** An issue as a delivery shows it: everything the finder stores from GitHub's issue itself. */
export interface IssueSnapshot {
  number: number;
  title: string;
  url: string;
  open: boolean;
  labels: { name: string; color: string | null }[];
  createdAt: Date;
  updatedAt: Date;
  comments: number;
  /** The first assignee, as the sync takes the first of `assignees`. */
  assignee: string | null;
  /** A pull request shown as an issue (issue_comment fires for both): not a finder issue. */
  isPullRequest: boolean;
}

export function readIssue(payload: Json): IssueSnapshot {
  const issue = payload.issue;
  if (!isRecord(issue)) throw new MalformedPayload('The payload has no issue.');
  const number = required(readCount(issue.number), 'issue.number');
  const createdAt = required(readDate(issue.created_at), 'issue.created_at');
  const labels = Array.isArray(issue.labels) ? issue.labels : [];
  const assignees = Array.isArray(issue.assignees) ? issue.assignees : [];
  return {
    number,
    title: required(readText(issue.title, 300), 'issue.title'),
    url: required(readText(issue.html_url, 2048), 'issue.html_url'),
    open: issue.state === 'open',
    labels: labels.flatMap((label) => {
      const name = isRecord(label) ? readText(label.name, 100) : null;
      return name && isRecord(label) ? [{ name, color: readText(label.color, 20) }] : [];
    }),
    createdAt,
    updatedAt: readDate(issue.updated_at) ?? createdAt,
    comments: readCount(issue.comments) ?? 0,
    assignee: assignees.map(loginOf).find((login) => login !== null) ?? loginOf(issue.assignee),
    isPullRequest: issue.pull_request !== undefined && issue.pull_request !== null,
  };
}

export interface CommentSnapshot {
  body: string;
  by: string | null;
  at: Date;
  /** GitHub's author_association: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE... */
  association: string;
}

export function readComment(payload: Json): CommentSnapshot {
  const comment = payload.comment;
  if (!isRecord(comment)) throw new MalformedPayload('The payload has no comment.');
  return {
    body: typeof comment.body === 'string' ? comment.body.slice(0, 5000) : '',
    by: loginOf(comment.user),
    at: required(readDate(comment.created_at), 'comment.created_at'),
    association: readText(comment.author_association, 40) ?? 'NONE',
  };
}

export interface PullRequestSnapshot {
  number: number;
  url: string;
  title: string;
  body: string;
  open: boolean;
  by: string | null;
  at: Date;
}

export function readPullRequest(payload: Json): PullRequestSnapshot {
  const pull = payload.pull_request;
  if (!isRecord(pull)) throw new MalformedPayload('The payload has no pull_request.');
  return {
    number: required(readCount(pull.number), 'pull_request.number'),
    url: required(readText(pull.html_url, 2048), 'pull_request.html_url'),
    title: typeof pull.title === 'string' ? pull.title.slice(0, 1000) : '',
    body: typeof pull.body === 'string' ? pull.body.slice(0, 65_536) : '',
    open: pull.state === 'open',
    by: loginOf(pull.user),
    at: required(readDate(pull.created_at), 'pull_request.created_at'),
  };
}

/** The pull request's title and body before an `edited` action changed them (GitHub's `changes`). */
export function readPreviousText(payload: Json, pull: PullRequestSnapshot): { title: string; body: string } {
  const changes = isRecord(payload.changes) ? payload.changes : {};
  const from = (field: unknown, now: string) =>
    isRecord(field) && typeof field.from === 'string' ? field.from.slice(0, 65_536) : now;
  return { title: from(changes.title, pull.title), body: from(changes.body, pull.body) };
}

export interface InstallationSnapshot {
  id: number;
  account: string | null;
}

export function readInstallation(payload: Json): InstallationSnapshot {
  const installation = payload.installation;
  if (!isRecord(installation)) throw new MalformedPayload('The payload has no installation.');
  return {
    id: required(readCount(installation.id), 'installation.id'),
    account: loginOf(installation.account),
  };
}

/** `owner/name` of each repository in a list GitHub sends (`repositories`, `repositories_added`...). */
export function readRepositoryNames(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new MalformedPayload('A list of repositories is not a list.');
  return value.flatMap((repository) => {
    const name = isRecord(repository) ? readText(repository.full_name, 200) : null;
    return name ? [name] : [];
  });
}
