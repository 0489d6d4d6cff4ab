/**
 * Where a project leads: its page on OpenLFG (`/projects/:owner/:name`), from every place that names a project
 * (Discover's cards, the finder's rows, claims, saved projects, a group's repository).
 */

/** The project's page, from its `owner/name`. */
export function projectPageHref(repoExt: string): string {
  const [owner = '', name = ''] = repoExt.split('/');
  return `/projects/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
}
