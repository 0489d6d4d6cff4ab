import type { ProjectPageResponse, ProjectPerson } from '@openlfg/contracts';
import { Avatar } from '../../../components/Avatar';
import { Link } from 'react-router';
import { githubSummaryText } from '../../../lib/github-summary';
import { profileHref } from '../../../lib/profile-links';
import { useSignInPrompt } from '../../../session/use-sign-in-prompt';
import { useSetContributing } from '../api/set-contributing';
import buttons from '../../../components/buttons.module.css';
import styles from './ProjectPage.module.css';

export const CONTRIBUTE_LABEL = "I'd like to contribute here";

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** What the counts say to someone who may not see the names. */
function countsText({ claimers, contributors }: ProjectPageResponse['people']): string {
  if (claimers === 0 && contributors === 0) return 'Nobody has said they are working on it yet.';
  return `${people(claimers)} working on its issues, ${people(contributors)} who would like to contribute.`;
}

function Person({ person }: { person: ProjectPerson }) {
  return (
    <li className={styles.person}>
      <Avatar login={person.login} avatarUrl={person.avatarUrl} />
      <div className={styles.personText}>
        <Link to={profileHref(person.login)} className={styles.login}>
          @{person.login}
        </Link>
        {person.claims.map((claim) => (
          <span key={claim.issueId}>
            Working on #{claim.number}: {claim.title}
          </span>
        ))}
        {person.contributing ? <span>Would like to contribute here</span> : null}
        <span className={styles.muted}>{githubSummaryText(person.github)}</span>
      </div>
    </li>
  );
}

/**
 * People here: who claims its issues and who would like to contribute, with their public GitHub summaries, for
 * signed-in users (others see how many); and the caller's own "I'd like to contribute here".
 */
export function PeopleHere({
  page,
  owner,
  name,
}: {
  page: ProjectPageResponse;
  owner: string;
  name: string;
}) {
  const account = useSignInPrompt();
  const toggle = useSetContributing(owner, name);
  const on = toggle.isPending ? toggle.variables : page.contributing;
  const onClick = () => {
    if (toggle.isPending) return;
    const contribute = !on;
    account.whenSignedIn(() => toggle.mutate(contribute));
  };
  const list = page.people.list;
  return (
    <section className={styles.section} aria-labelledby="people-here-heading">
      <div className={styles.sectionHead}>
        <h2 id="people-here-heading" className={styles.heading}>
          People here
        </h2>
        <button
          type="button"
          className={on ? `${buttons.action} ${buttons.saved}` : buttons.action}
          aria-pressed={account.signedIn ? on : false}
          onClick={onClick}
        >
          {CONTRIBUTE_LABEL}
        </button>
      </div>
      {list === null ? (
        <p className={styles.muted}>{countsText(page.people)} Sign in to see who.</p>
      ) : list.length === 0 ? (
        <p className={styles.muted}>
          Nobody yet. Claim one of its issues, or say you would like to contribute, and others see you here.
        </p>
      ) : (
        <ul className={styles.people} aria-label={`People here at ${page.project.name}`}>
          {list.map((person) => (
            <Person key={person.login} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}
