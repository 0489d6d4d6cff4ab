export type MyProjectsView = 'groups' | 'projects';

/** The `view` query parameter of /my-projects; anything but 'projects' shows the groups. */
export function parseMyProjectsView(search: string): MyProjectsView {
  return new URLSearchParams(search).get('view') === 'projects' ? 'projects' : 'groups';
}
