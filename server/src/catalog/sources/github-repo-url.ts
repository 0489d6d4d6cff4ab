// The parser lives in contracts: the web's posting form reads a typed repository with the same rules.
export { parseGitHubRepo, repoKey, RESERVED_OWNERS, type GitHubRepo } from '@openlfg/contracts';
