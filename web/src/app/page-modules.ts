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
