import {
  ADMIN_PAGE_SIZE,
  ErrorCode,
  type AdminProjectRequest,
  type RepositoryFigures,
  type RequestDecision,
} from '@openlfg/contracts';
import type { Moderator } from '../accounts/authentication.js';
import { GitHubRateLimited, RepoNotFound, type RepoClient } from '../github/repo-client.js';
import { UpstreamUnavailable } from '../github/sign-in-provider.js';
import type { PushNotifications } from '../notifications/service.js';
import { writeAudit } from '../platform/db/audit-log.js';
import { conflict, HttpError, notFound } from '../platform/http/errors.js';
import type { ModerationEffects } from './effects.js';
import { adminPage } from './presenters.js';
import type { RequestsRepository } from './requests-repository.js';

const noRequest = (id: number) => notFound(`There is no project request ${id}.`);

/**
 * Users' requests for a project to be listed: the pending ones, the repository's figures from GitHub, and the
 * moderator's approval (the project joins the catalogue) or rejection, audit-logged and told to the requesters.
 */
export function createRequestsService(
  deps: { repository: RequestsRepository; repoClient: RepoClient } & Pick<
    ModerationEffects,
    'notify' | 'catalogueChanged'
  >,
) {
  const { repository, notify } = deps;

  async function decide(
    actor: Moderator,
    id: number,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<RequestDecision> {
    let push: PushNotifications = () => {};
    const result = await repository.db.transaction().execute(async (trx) => {
      // The row lock makes two moderators deciding at once take turns; the second sees the first's decision.
      const request = await repository.lockRequest(trx, id);
      if (!request) throw noRequest(id);
      if (request.status !== 'pending') throw conflict(`This request was already ${request.status}.`);
      const project = status === 'approved' ? await repository.addProject(trx, request.repo_ext) : null;
      await repository.decideRequest(trx, id, { status, by: actor.id, reason });
      await writeAudit(trx, {
        actor,
        action: status === 'approved' ? 'request.approve' : 'request.reject',
        objectType: 'project_request',
        objectId: id,
        reason,
        details: {
          repoExt: request.repo_ext,
          ...(project ? { projectId: project.id, added: project.added } : {}),
        },
      });
      push = await notify(trx, {
        kind: status === 'approved' ? 'project-request-approved' : 'project-request-rejected',
        recipients: await repository.requesterIds(trx, id),
        actorId: actor.id,
        projectRequestId: id,
        subject: request.repo_ext,
        note: reason,
      });
      return { id, repoExt: request.repo_ext, status, projectId: project?.id ?? null, added: project?.added };
    });
    push();
    if (result.added) deps.catalogueChanged();
    const { added: _added, ...answer } = result;
    return answer;
  }

  return {
    async pending(page: number) {
      const { total, rows } = await repository.pendingRequests(page, ADMIN_PAGE_SIZE);
      const data: AdminProjectRequest[] = rows.map((row) => ({
        id: row.id,
        repoExt: row.repo_ext,
        createdAt: row.created_at.toISOString(),
        requesters: row.requesters,
        listed: row.listed,
      }));
      return adminPage(data, page, total);
    },

    /** The repository's figures, asked of GitHub now. */
    async githubFigures(id: number): Promise<RepositoryFigures> {
      const request = await repository.findRequest(id);
      if (!request) throw noRequest(id);
      try {
        const repo = await deps.repoClient.repository(request.repo_ext);
        return {
          repoExt: repo.full_name,
          stars: repo.stargazers_count,
          forks: repo.forks_count,
          description: repo.description,
          language: repo.language,
          archived: repo.archived,
          pushedAt: repo.pushed_at,
          license: repo.license?.spdx_id ?? repo.license?.name ?? null,
        };
      } catch (error) {
        if (error instanceof RepoNotFound) throw notFound('GitHub has no such repository.');
        if (error instanceof GitHubRateLimited) {
          throw new HttpError(502, ErrorCode.upstream, `GitHub refused to answer: ${error.message}.`);
        }
        if (error instanceof UpstreamUnavailable) {
          throw new HttpError(502, ErrorCode.upstream, `GitHub did not answer: ${error.message}.`);
        }
        throw error;
      }
    },

    approve: (actor: Moderator, id: number, reason: string | null) => decide(actor, id, 'approved', reason),
    reject: (actor: Moderator, id: number, reason: string) => decide(actor, id, 'rejected', reason),
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
