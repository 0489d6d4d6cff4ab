/** The repository's page on GitHub, from its `owner/name`. */
export function githubUrl(repoExt: string): string {
  return `https://github.com/${repoExt}`;
}
