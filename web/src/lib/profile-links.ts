/** A person's profile page. */
export function profileHref(login: string): string {
  return `/users/${encodeURIComponent(login)}`;
}
