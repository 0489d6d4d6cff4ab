import { type PageQueries, type PrefetchedQuery } from '@openlfg/contracts';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../platform/http/escape-html.js';
import { openGraphTags, SITE_NAME } from '../platform/http/page-head.js';
import {
  answerOf,
  type RenderedPageContent,
  type ServerRenderedPage,
} from '../platform/http/server-render.js';
import type { GroupsService } from './service.js';
import {
  groupDescription,
  PRIVATE_GROUP_DESCRIPTION,
  PRIVATE_GROUP_TITLE,
  SITE_DESCRIPTION,
  SITE_TITLE,
} from './share-preview.js';

/** A group's page, as the web app's router names it: `/group-projects/42` (a trailing slash too). */
const GROUP_PAGE = /^\/group-projects\/([^/]+)\/?$/;

/** The id as the page reads it from its address (web: GroupPage's parseId): anything else is no group. */
function groupIdOf(segment: string): number | null {
  if (!/^\d{1,15}$/.test(segment)) return null;
  const id = Number(segment);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/**
 * The HTML of a group's page (`/group-projects/:id`): the app renders it on the server from the very answers
 * the page asks the API for, for the viewer in the session cookie (the groups service's `discussionInfo`, and
 * for someone outside a private group its `publicCard`), under the same policy: what the viewer may not see
 * (a private group's members and board, a hidden group) is in neither the markup nor the data beside it. The
 * head's description and link preview are the group's share preview, which says only what anyone may see. It
 * depends on the session, so no shared cache keeps it. An unknown, hidden or malformed id is a 404.
 */
export function groupPageRendering(options: {
  groups: GroupsService;
  publicUrl: string;
}): ServerRenderedPage {
  const { groups } = options;
  return {
    path: GROUP_PAGE,
    async load([, segment = ''], request: FastifyRequest): Promise<RenderedPageContent> {
      const groupId = groupIdOf(segment);
      const notFound = (queries: PrefetchedQuery[]): RenderedPageContent => ({
        status: 404,
        data: { queries },
        title: `${SITE_NAME} - Group not found`,
        description: 'There is no such group on OpenLFG.',
        headTags: '',
        noindex: true,
        perViewer: true,
      });
      // A malformed id asks nothing: the page shows its not-found view from the address alone.
      if (groupId === null) return notFound([]);
      const auth = await request.auth();
      const caller = auth.status === 'active' ? auth.user : null;
      const args = [String(groupId)];
      const info = await answerOf(async () => ({ data: await groups.discussionInfo(caller, groupId) }));
      const queries: PrefetchedQuery[] = [{ query: 'discussionInfo', args, ...info.answer }];
      if (info.answer.status === 404) return notFound(queries);
      let title: string;
      if (info.value) {
        title = info.value.data.group.title;
      } else {
        // Its details refused (a private group seen from outside): the page shows the group's public card.
        const card = await answerOf(() => groups.publicCard(caller, groupId));
        queries.push({ query: 'groupCard', args, ...card.answer });
        if (card.answer.status === 404) return notFound(queries);
        title = card.value?.title ?? 'Private group';
      }
      const data: PageQueries = { queries };
      const url = `${options.publicUrl}/group-projects/${groupId}`;
      // What a link's preview says: the same for every viewer, so a member's page tells no more than a stranger's.
      const preview = await groups.sharePreview(groupId);
      const head =
        preview?.kind === 'group'
          ? { title: preview.title, description: groupDescription(preview), url }
          : preview?.kind === 'private'
            ? { title: PRIVATE_GROUP_TITLE, description: PRIVATE_GROUP_DESCRIPTION, url }
            : { title: SITE_TITLE, description: SITE_DESCRIPTION, url };
      return {
        status: 200,
        data,
        // The tab's title as the page sets it for this viewer (useDocumentTitle), from what they may see.
        title: `${SITE_NAME} - ${title}`,
        description: head.description,
        headTags: [`<link rel="canonical" href="${escapeHtml(url)}" />`, openGraphTags(head)].join('\n    '),
        // A group only its owner sees (hidden by a moderator) is kept out of search engines.
        noindex: preview === null,
        perViewer: true,
      };
    },
  };
}
