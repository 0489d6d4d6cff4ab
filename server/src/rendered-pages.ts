import { projectIssuesRequest } from '@openlfg/contracts';
import { groupListPageRendering } from './groups/list-page-render.js';
import { groupPageRendering } from './groups/page-render.js';
import type { GroupsService } from './groups/service.js';
import { SITE_DESCRIPTION } from './groups/share-preview.js';
import type { IssueFinderService } from './issues/service.js';
import { userProfilePageRendering } from './people/page-render.js';
import type { ProfilesService } from './people/profiles-service.js';
import type { ServerRenderedPage } from './platform/http/server-render.js';
import { projectListPageRendering } from './projects/list-page-render.js';
import type { ProjectPageService } from './projects/page-service.js';
import { projectPageRendering } from './projects/page-render.js';
import type { ProjectsService } from './projects/service.js';

/**
 * The pages whose HTML holds their content, each rendered by the web app's own server rendering from the
 * services' answers (platform/http/spa.ts serves them): a project's page, for search engines and link
 * previews; a person's page their profile, and a group's page the group, as its viewer may see them; Discover
 * and the list of groups their first page, shown at the first paint.
 */
export function renderedPages(options: {
  projects: ProjectsService;
  projectPages: ProjectPageService;
  issueFinder: IssueFinderService;
  profiles: ProfilesService;
  groups: GroupsService;
  publicUrl: string;
  /** The site's own link preview, for the pages that have none of their own. */
  siteHead: () => string;
}): ServerRenderedPage[] {
  const { projects, projectPages, issueFinder, profiles, groups, publicUrl, siteHead } = options;
  return [
    projectPageRendering({
      service: projectPages,
      firstIssues: (projectId) => issueFinder.list(projectIssuesRequest(projectId), null),
      publicUrl,
    }),
    userProfilePageRendering({ profiles, publicUrl }),
    groupPageRendering({ groups, publicUrl }),
    groupListPageRendering({ list: groups.list, description: SITE_DESCRIPTION, headTags: siteHead }),
    projectListPageRendering({
      list: projects.list,
      languages: projects.languages,
      description: SITE_DESCRIPTION,
      headTags: siteHead,
    }),
  ];
}
