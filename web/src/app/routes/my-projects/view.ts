export const MY_PROJECTS_VIEWS = ['groups', 'created', 'saved-groups', 'projects', 'requests'] as const;
export type MyProjectsView = (typeof MY_PROJECTS_VIEWS)[number];

/** The `view` query parameter of /my-projects; anything unknown shows the groups. */
export function parseMyProjectsView(search: string): MyProjectsView {
  const view = new URLSearchParams(search).get('view');
  return MY_PROJECTS_VIEWS.find((item) => item === view) ?? 'groups';
}
