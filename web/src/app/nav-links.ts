export interface NavLinkItem {
  label: string;
  to: string;
  /** Whether the link is the selected one (underlined, aria-current="page") at this path. */
  isSelected: (pathname: string) => boolean;
}

/** '/group-projects/' and '/group-projects' are the same page. */
function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export const NAV_LINKS: readonly NavLinkItem[] = [
  {
    label: 'Open source projects',
    to: '/',
    isSelected: (pathname) => normalize(pathname) === '/',
  },
  {
    label: 'Find an issue',
    to: '/issues',
    isSelected: (pathname) => normalize(pathname) === '/issues',
  },
  {
    label: 'Looking for group',
    to: '/group-projects',
    isSelected: (pathname) => {
      const path = normalize(pathname);
      return path === '/group-projects' || path.startsWith('/group-projects/');
    },
  },
  {
    label: 'My projects',
    to: '/my-projects?view=groups',
    isSelected: (pathname) => normalize(pathname) === '/my-projects',
  },
];

/** Shown after the main links, to moderators only (GET /api/admin/me); not part of the public navigation. */
export const MODERATION_LINK: NavLinkItem = {
  label: 'Moderation',
  to: '/admin',
  isSelected: (pathname) => normalize(pathname) === '/admin',
};

/** `short`: what the bar shows where it is short of room; the link's name stays `label`. */
export const POST_GROUP_PROJECT_LINK = {
  label: 'Post a group project',
  short: 'Post a group',
  to: '/group-projects?post=new',
};
