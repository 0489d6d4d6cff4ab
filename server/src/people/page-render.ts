import {
  ErrorCode,
  skillName,
  UserProfileParams,
  type PageQueries,
  type UserProfile,
} from '@openlfg/contracts';
import type { FastifyRequest } from 'fastify';
import Value from 'typebox/value';
import { errorBody, HttpError } from '../platform/http/errors.js';
import { escapeHtml } from '../platform/http/escape-html.js';
import { openGraphTags, SITE_NAME } from '../platform/http/page-head.js';
import type { RenderedPageContent, ServerRenderedPage } from '../platform/http/server-render.js';
import type { ProfilesService } from './profiles-service.js';

/** A person's page, as the web app's router names it: `/users/octocat` (a trailing slash too). */
const PROFILE_PAGE = /^\/users\/([^/]+)\/?$/;

const NOT_FOUND_DESCRIPTION = 'There is nobody by that name on OpenLFG.';

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * What the page's head says of a person: only what the answer holds, so a viewer who may not see the profile
 * (a crawler, a link preview, anyone its owner keeps it from) reads their GitHub name and nothing more.
 */
export function profileDescription(profile: UserProfile): string {
  const who =
    profile.name && profile.name !== profile.login ? `${profile.name} (${profile.login})` : profile.login;
  if (profile.restricted) return `${who} on OpenLFG.`;
  const skills = profile.skills && profile.skills.length > 0 ? profile.skills.map(skillName).join(', ') : '';
  return [
    `${who} on OpenLFG${profile.lookingForGroup ? ', looking for a group' : ''}.`,
    skills ? `Skills: ${skills}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The HTML of a person's page (`/users/:login`): the app renders it on the server from the very answer
 * `GET /api/users/:login` gives the same viewer (the profiles service's `ofLogin`, under the same rules of who
 * sees what), so nothing the viewer may not see is in the markup or the data beside it. It depends on the
 * session, so no shared cache keeps it. A login nobody here has is a 404 with the app's not-found page, which
 * search engines are told to leave out.
 */
export function userProfilePageRendering(options: {
  profiles: ProfilesService;
  publicUrl: string;
}): ServerRenderedPage {
  return {
    path: PROFILE_PAGE,
    async load([, loginSegment = ''], request: FastifyRequest): Promise<RenderedPageContent> {
      const params = { login: decoded(loginSegment) };
      const args = [params.login ?? ''];
      const notFound = (message: string): RenderedPageContent => ({
        status: 404,
        data: {
          queries: [
            { query: 'userProfile', args, status: 404, body: errorBody(ErrorCode.notFound, message) },
          ],
        },
        title: `${SITE_NAME} - Page not found`,
        description: NOT_FOUND_DESCRIPTION,
        headTags: '',
        noindex: true,
        perViewer: true,
      });
      if (!Value.Check(UserProfileParams, params)) return notFound(NOT_FOUND_DESCRIPTION);
      const auth = await request.auth();
      let profile: UserProfile;
      try {
        profile = await options.profiles.ofLogin(auth.status === 'active' ? auth.user : null, params.login);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return notFound(error.message);
        throw error;
      }
      const data: PageQueries = {
        queries: [{ query: 'userProfile', args, status: 200, body: profile }],
      };
      // GitHub's spelling of the login is the one address search engines keep.
      const url = `${options.publicUrl}/users/${encodeURIComponent(profile.login)}`;
      const head = {
        title: `${SITE_NAME} - ${profile.name ?? profile.login}`,
        description: profileDescription(profile),
        url,
      };
      return {
        status: 200,
        data,
        ...head,
        headTags: [`<link rel="canonical" href="${escapeHtml(url)}" />`, openGraphTags(head)].join('\n    '),
        perViewer: true,
      };
    },
  };
}
