export type { CatalogEntry, CatalogFormat, CatalogIssue, ParseResult, SkippedEntry } from './types.js';
export { parseGitHubRepo, repoKey, RESERVED_OWNERS, type GitHubRepo } from './github-repo-url.js';
export { BEGINNER_LABELS, isBeginnerFriendly } from './beginner-labels.js';
export { bareEntry, normaliseTopics } from './fields.js';
export { parseUpForGrabsFile, parseUpForGrabsFolder } from './up-for-grabs.js';
export { parseGeneratedJson } from './generated-json.js';
export { parseRepositoriesToml } from './repositories-toml.js';
export { parsePlainList } from './plain-list.js';
export { mergeDuplicates, parseCatalogPath, type DetectedParseResult } from './detect.js';
