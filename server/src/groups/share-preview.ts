import { memberCountText } from '@openlfg/contracts';
import { openGraphTags, SITE_NAME } from '../platform/http/page-head.js';
import type { SharePreview } from './service.js';

/** The site's own preview: every page but a group's that has one of its own. */
export const SITE_TITLE = SITE_NAME;
export const SITE_DESCRIPTION =
  'OpenLFG helps developers find open source projects to contribute to, and people to build with.';
export const PRIVATE_GROUP_TITLE = 'A private group on OpenLFG';
export const PRIVATE_GROUP_DESCRIPTION =
  'This group is private: sign in and ask to join to see what it is about.';

/** A group's page, as the web app's router names it: `/group-projects/42` (a trailing slash too). */
const GROUP_PAGE = /^\/group-projects\/(\d{1,15})\/?$/;

interface Preview {
  title: string;
  description: string;
  url: string;
}

/**
 * The Open Graph and Twitter tags a page's HTML carries, so a link pasted into Discord or Slack previews: a
 * group's page its title, excerpt, topics and member count (a private group only that it is private), every
 * other page (and a hidden or unknown group's) the site's. Everything put into the HTML is escaped.
 */
export function createSharePreviews(options: {
  preview: (groupId: number) => Promise<SharePreview | null>;
  publicUrl: string;
}) {
  const site: Preview = { title: SITE_TITLE, description: SITE_DESCRIPTION, url: `${options.publicUrl}/` };

  async function previewOf(pathname: string): Promise<Preview> {
    const match = GROUP_PAGE.exec(pathname);
    const groupId = match ? Number(match[1]) : 0;
    if (!Number.isSafeInteger(groupId) || groupId < 1) return site;
    const found = await options.preview(groupId);
    if (!found) return site;
    const url = `${options.publicUrl}/group-projects/${groupId}`;
    if (found.kind === 'private') {
      return { title: PRIVATE_GROUP_TITLE, description: PRIVATE_GROUP_DESCRIPTION, url };
    }
    return { title: found.title, description: groupDescription(found), url };
  }

  return {
    /** The tags for the page at `pathname` (the path without its query). */
    async headFor(pathname: string): Promise<string> {
      return metaTags(await previewOf(pathname));
    },
    siteHead: () => metaTags(site),
  };
}

/** "We write a compiler. Topics: rust, compilers. 3 of 5 members." */
export function groupDescription(group: Extract<SharePreview, { kind: 'group' }>): string {
  const excerpt = group.excerpt === '' ? '' : group.excerpt.replace(/[.!?…]?$/, (end) => end || '.');
  return [excerpt, `Topics: ${group.topics.join(', ')}.`, `${memberCountText(group)}.`]
    .filter(Boolean)
    .join(' ');
}

const metaTags = (preview: Preview): string => openGraphTags(preview);
