import { useId } from 'react';
import type { CatalogueHealth } from '@openlfg/contracts';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useCatalogueHealth } from '../api/get-catalogue-health';
import { Facts } from './Facts';
import { EmptyState, LoadState } from './LoadState';
import { ModerationSection, useSectionHeading } from './ModerationSection';
import { PagedList } from './PagedList';
import { ProblemProjectItem } from './ProblemProjectItem';
import { SYNC_NEEDS_TOKEN_MESSAGE, SyncNowButton } from './SyncNowButton';
import styles from './Moderation.module.css';

/** The catalogue sync at a glance: last run, failures, API budgets, projects to remove, and "Sync now". */
export function CatalogueHealthView({ page }: { page: number }) {
  const health = useCatalogueHealth(page);
  const { headingRef, focusHeading } = useSectionHeading();

  return (
    <ModerationSection
      title="Catalogue health"
      headingRef={headingRef}
      intro="How the catalogue sync with GitHub and ecosyste.ms is going, and the projects that no longer belong."
    >
      {health.data ? (
        <>
          <SyncSummary health={health.data} />
          <Failures failures={health.data.failures} />
          <section aria-labelledby="catalogue-problems-heading" className={styles.stack}>
            <h3 id="catalogue-problems-heading" className={styles.subheading}>
              Archived or unreachable repositories
            </h3>
            <PagedList
              tab="catalogue"
              page={page}
              totalPages={health.data.problems.totalPages}
              isPlaceholderData={health.isPlaceholderData}
              onPageChange={focusHeading}
            >
              {health.data.problems.data.length === 0 ? (
                <EmptyState title="Every listed repository is live." />
              ) : (
                <ul className={styles.list} aria-label="Archived or unreachable repositories">
                  {health.data.problems.data.map((project) => (
                    <ProblemProjectItem key={project.id} project={project} onRemoved={focusHeading} />
                  ))}
                </ul>
              )}
            </PagedList>
          </section>
        </>
      ) : (
        <LoadState query={health} what="catalogue health" />
      )}
    </ModerationSection>
  );
}

const UNKNOWN = 'Unknown';
type Budget = CatalogueHealth['budgets']['github'];

/** What is left of a budget and when it fills up again (a time to come, so a clock time, not "ago"). */
function budgetText({ remaining, resetAt }: Budget): string {
  if (remaining === null) return UNKNOWN;
  if (resetAt === null) return formatCount(remaining);
  const clock = new Date(resetAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${formatCount(remaining)}, resets at ${clock}`;
}

function SyncSummary({ health }: { health: CatalogueHealth }) {
  const { lastRun, budgets, projectsTotal, syncRunning, syncAvailable } = health;
  const noteId = useId();
  const run: [string, string][] = lastRun
    ? [
        ['Status', lastRun.status],
        ['Started', formatRelativeTime(lastRun.startedAt)],
        ['Finished', lastRun.finishedAt ? formatRelativeTime(lastRun.finishedAt) : 'Not yet'],
        ['Projects synced', `${formatCount(lastRun.synced)} of ${formatCount(lastRun.total)}`],
        ['Failures', formatCount(lastRun.failed)],
      ]
    : [];
  const budget: [string, string][] = [
    ['GitHub REST', budgetText(budgets.github)],
    ['GitHub GraphQL', budgetText(budgets.graphql)],
    ['ecosyste.ms', budgetText({ remaining: budgets.ecosystemsRemaining, resetAt: null })],
  ];
  return (
    <div className={styles.summary}>
      <div className={styles.card}>
        <div className={styles.row}>
          <h3 className={styles.subheading}>Last sync run</h3>
          <SyncNowButton running={syncRunning} available={syncAvailable} noteId={noteId} />
        </div>
        {syncAvailable ? null : (
          <p id={noteId} className={styles.muted}>
            {SYNC_NEEDS_TOKEN_MESSAGE}
          </p>
        )}
        {lastRun ? (
          <Facts label="Last sync run" facts={run} />
        ) : (
          <p className={styles.muted}>No sync has run yet.</p>
        )}
        {lastRun?.error ? <p className={styles.reason}>{lastRun.error}</p> : null}
        <p className={styles.muted}>{formatCount(projectsTotal)} projects in the catalogue.</p>
      </div>
      <div className={styles.card}>
        <h3 className={styles.subheading}>API budgets left</h3>
        <Facts label="API budgets left" facts={budget} />
      </div>
    </div>
  );
}

function Failures({ failures }: { failures: CatalogueHealth['failures'] }) {
  return (
    <section aria-labelledby="catalogue-failures-heading" className={styles.stack}>
      <h3 id="catalogue-failures-heading" className={styles.subheading}>
        Failures in the last run
      </h3>
      {failures.length === 0 ? (
        <p className={styles.muted}>None.</p>
      ) : (
        <ul className={styles.failures} aria-label="Failures in the last run">
          {failures.map((failure) => (
            <li key={`${failure.repoExt}-${failure.kind}`} className={styles.failure}>
              <strong>{failure.repoExt}</strong> <span className={styles.badgeWarning}>{failure.kind}</span>{' '}
              {failure.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
