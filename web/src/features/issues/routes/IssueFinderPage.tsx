import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginButton } from '../../../session/components/LoginButton';
import { useSession } from '../../../session/session-context';
import { FinderControls } from '../components/FinderControls';
import { FinderResults } from '../components/FinderResults';
import { MyClaims } from '../components/MyClaims';
import { IssueAlertButton } from '../components/IssueAlertButton';
import { CLEARED_FILTERS, toAlertFilters, type FinderView } from '../finder-query';
import { useFinderQuery } from '../use-finder-query';
import tabs from '../../../components/LinkTabs.module.css';
import styles from './IssueFinderPage.module.css';

const TABS: readonly { view: FinderView; label: string; to: string }[] = [
  { view: 'find', label: 'All issues', to: '/issues' },
  { view: 'claims', label: 'My claims', to: '/issues?view=claims' },
];

/**
 * Find an issue: open beginner issues across the catalogue, whether someone is already on them and how fast their
 * maintainers answer; and the user's own claims. Filters, sort and tab live in the address.
 */
export function IssueFinderPage() {
  useDocumentTitle('Find an issue');
  const { query, hrefFor, update } = useFinderQuery();
  const { isLoggedIn, isLoginLoading } = useSession();
  const [projectName, setProjectName] = useState<string | null>(null);
  const clearFilters = useCallback(() => update(CLEARED_FILTERS), [update]);
  const showQuiet = useCallback(() => update({ includeQuiet: true }), [update]);

  return (
    <>
      <PageHeader title="Find an issue">
        Open beginner issues across the catalogue: whether someone is already on each one, and how fast its
        maintainers answer. Say you are working on one so others pick another.
      </PageHeader>
      <nav aria-label="Issue finder views" className={tabs.tabs}>
        {TABS.map(({ view, label, to }) => (
          <Link
            key={view}
            to={to}
            className={tabs.tab}
            aria-current={view === query.view ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {query.view === 'find' ? (
        <section aria-labelledby="finder-heading" className={styles.section}>
          <h2 id="finder-heading" className={styles.heading}>
            All issues
          </h2>
          <FinderControls query={query} onChange={update} onClear={clearFilters} projectName={projectName} />
          <IssueAlertButton filters={toAlertFilters(query)} className={styles.alert} />
          <FinderResults
            query={query}
            hrefFor={hrefFor}
            onClear={clearFilters}
            onProjectName={setProjectName}
            onShowQuiet={showQuiet}
          />
        </section>
      ) : (
        <section aria-labelledby="finder-heading" className={styles.section}>
          <h2 id="finder-heading" className={styles.heading}>
            My claims
          </h2>
          {isLoginLoading ? (
            <Spinner />
          ) : isLoggedIn ? (
            <MyClaims />
          ) : (
            <div className={styles.signIn}>
              <p>Sign in to see the issues you said you are working on.</p>
              <div>
                <LoginButton className={styles.login} returnTo="/issues?view=claims" />
              </div>
            </div>
          )}
        </section>
      )}
    </>
  );
}
