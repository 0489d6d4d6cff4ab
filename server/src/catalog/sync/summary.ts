import type { RateBudget } from '../../github/repo-client.js';
import { isSyncReport, type SyncOutcome, type SyncReport } from './run.js';

/** Lines per kind of failure before the rest are counted: one bad day at ecosyste.ms is one reason. */
const MAX_LINES_PER_KIND = 25;

/** What a run did, for a person: the CLI prints these lines. */
export function summaryLines(outcome: SyncOutcome): string[] {
  if (!isSyncReport(outcome)) return [outcome.message];
  const lines = [headline(outcome)];
  if (outcome.resumed) lines.push('  (this run went on with the cycle an earlier run left unfinished)');
  const github = outcome.failures.filter((f) => f.kind !== 'ecosystems');
  const ecosystems = outcome.failures.filter((f) => f.kind === 'ecosystems');
  lines.push(
    ...capped(
      github.map((f) => `  failed ${f.repoExt}: ${f.reason}`),
      'failures',
    ),
    ...capped(
      ecosystems.map((f) => `  ${f.repoExt}: ${f.reason}`),
      'used-by counts kept',
    ),
  );
  if (outcome.unreachable.length > 0) {
    lines.push(
      `Unreachable on GitHub (${outcome.unreachable.length}, marked in the catalogue): ${outcome.unreachable.join(', ')}`,
    );
  }
  lines.push(`GitHub cost: ${costText(outcome)}`);
  lines.push(`Budget left: ${budgetText(outcome)}`);
  return lines;
}

function headline(report: SyncReport): string {
  const counts = `${report.synced} synced, ${report.failed} failed`;
  if (report.status === 'completed') {
    return `Catalogue sync completed: ${report.total} projects, ${counts}.`;
  }
  const handled = report.synced + report.failed;
  const left = report.total - handled;
  if (report.status === 'interrupted') {
    const when = report.resumeAt ? ` after ${report.resumeAt.toISOString()}` : '';
    return (
      `Catalogue sync interrupted after ${handled} of ${report.total} projects (${counts}): ${report.reason ?? 'stopped'}. ` +
      `The next run${when} resumes with the ${left} left.`
    );
  }
  return `Catalogue sync failed after ${handled} of ${report.total} projects (${counts}): ${report.reason ?? 'unknown error'}`;
}

function capped(lines: string[], what: string): string[] {
  if (lines.length <= MAX_LINES_PER_KIND) return lines;
  return [
    ...lines.slice(0, MAX_LINES_PER_KIND),
    `  ... and ${lines.length - MAX_LINES_PER_KIND} more ${what}`,
  ];
}

/** What the run spent of GitHub's budgets, and what its conditional requests saved. */
export function costText(report: Pick<SyncReport, 'cost'>): string {
  const { graphqlPoints, restRequests, notModified } = report.cost;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `${plural(graphqlPoints, 'GraphQL point', 'GraphQL points')}, ` +
    `${plural(restRequests, 'REST request', 'REST requests')}; ` +
    `saved ${plural(notModified, 'request', 'requests')} answered 304 Not Modified (free)`
  );
}

function budgetText(report: SyncReport): string {
  const part = (name: string, budget: RateBudget | null, unit: string) =>
    budget
      ? `${name} ${budget.remaining} ${unit}${budget.resetAt ? ` (resets ${budget.resetAt.toISOString()})` : ''}`
      : `${name} unknown`;
  const ecosystems =
    report.budgets.ecosystemsRemaining === null
      ? 'ecosyste.ms unknown'
      : `ecosyste.ms ${report.budgets.ecosystemsRemaining} requests`;
  return [
    part('GitHub REST', report.budgets.github, 'requests'),
    part('GitHub GraphQL', report.budgets.graphql, 'points'),
    ecosystems,
  ].join(', ');
}
