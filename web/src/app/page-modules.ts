/**
 * The module that holds each page's code, by the page's route as `router.tsx` declares it (a test holds the two
 * to the same routes); null for Discover, which is part of the first visit's script. The build turns it into
 * `page-preloads.json` (vite.config.ts, `pagePreloads`): for each route, the files of its page's code and
 * styles. The server names those in the HTML of every page it serves, so that a page opened from a link
 * downloads its code beside the first visit's script, not after that script has run and asked for it, then for
 * what it imports: a round trip a step.
 */
export const pageModules: Record<string, string | null> = {
  '/': null,
  '/issues': 'src/features/issues/routes/IssueFinderPage.tsx',
  '/projects/:owner/:name': 'src/app/routes/project-page/ProjectPageRoute.tsx',
  '/group-projects': 'src/features/groups/routes/GroupProjectsPage.tsx',
  '/group-projects/:groupProjectId': 'src/app/routes/group-page/GroupProjectPage.tsx',
  '/invite/:token': 'src/app/routes/group-page/GroupProjectPage.tsx',
  '/my-projects': 'src/app/routes/my-projects/MyProjectsPage.tsx',
  '/admin': 'src/features/moderation/routes/ModerationPage.tsx',
  '/notifications': 'src/features/notifications/lazy-entry.ts',
  '/settings/email/*': 'src/app/routes/settings/SettingsPage.tsx',
  '/settings/profile': 'src/features/people/routes/ProfileSettingsPage.tsx',
  '/users/:login': 'src/app/routes/user-profile/UserProfileRoute.tsx',
  '/*': 'src/app/NotFoundPage.tsx',
};

/**
 * The lazily loaded parts a page shows as soon as it opens (its board, its mentors), by the page's route: their
 * stylesheets join the page's, so they are there at the first paint. Added when a part's code arrived, they
 * restyled the whole page (a task of 10 to 20 ms on a slow phone, right as the page is taken over), and the
 * part's shell, which the server renders, showed unstyled until then. Their code still loads as they render:
 * preloading it too put more requests ahead of the first paint (Lighthouse's LCP on the project page went from
 * 2.25 to 2.6 s).
 */
export const pageParts: Record<string, string[]> = {
  '/projects/:owner/:name': [
    'src/features/messages/components/DiscussionBoard.tsx',
    'src/features/mentors/components/MentorsPanel.tsx',
  ],
  '/group-projects/:groupProjectId': ['src/features/messages/components/DiscussionBoard.tsx'],
};
