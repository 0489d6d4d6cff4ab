import { formatUtcOffset, skillName, type UserProfile } from '@openlfg/contracts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { QueryErrorState } from '../../../components/QueryErrorState';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginButton } from '../../../session/components/LoginButton';
import { useSession } from '../../../session/session-context';
import { useUserProfile } from '../api/user-profile';
import styles from './UserProfilePage.module.css';

export interface UserProfilePageProps {
  /** The app's not-found page, for a login nobody here has (the server answers that page with a 404 too). */
  renderNotFound: () => ReactNode;
}

/**
 * /users/:login: a person's profile as the viewer may see it. The server renders it from the same answer
 * (server/src/people/page-render.ts), so the first render here starts from it.
 */
export function UserProfilePage({ renderNotFound }: UserProfilePageProps) {
  const login = useParams().login ?? '';
  const profile = useUserProfile(login);
  if (profile.isError && profile.error instanceof ApiError && profile.error.status === 404) {
    return renderNotFound();
  }
  return <KnownProfile login={login} profile={profile} />;
}

function KnownProfile({ login, profile }: { login: string; profile: ReturnType<typeof useUserProfile> }) {
  useDocumentTitle(login);
  if (profile.isPending) return <Spinner size="large" label="Loading the profile" />;
  if (profile.isError) return <QueryErrorState query={profile} what="profile" />;
  return <Profile profile={profile.data} />;
}

function Profile({ profile }: { profile: UserProfile }) {
  const { isLoggedIn } = useSession();
  return (
    <article className={styles.panel} aria-labelledby="profile-heading">
      <header className={styles.identity}>
        <Avatar login={profile.login} avatarUrl={profile.avatarUrl} />
        <div>
          <h1 id="profile-heading" className={styles.name}>
            {profile.name ?? profile.login}
          </h1>
          <a className={styles.login} href={`https://github.com/${profile.login}`} rel="noreferrer">
            @{profile.login} on GitHub
          </a>
        </div>
        {profile.own ? (
          <Link to="/settings/profile" className={styles.editLink}>
            Edit your profile
          </Link>
        ) : null}
      </header>
      {profile.restricted ? (
        <Restricted signedIn={isLoggedIn} login={profile.login} />
      ) : (
        <Details profile={profile} />
      )}
    </article>
  );
}

function Restricted({ signedIn, login }: { signedIn: boolean; login: string }) {
  return signedIn ? (
    <p className={styles.muted}>{login} shows their profile only to the owners of groups they ask to join.</p>
  ) : (
    <div>
      <p className={styles.muted}>Sign in to see {login}’s profile.</p>
      <LoginButton returnTo={`/users/${login}`} />
    </div>
  );
}

const listed = (items: readonly string[] | undefined, name: (item: string) => string = (item) => item) =>
  items && items.length > 0 ? items.map(name).join(', ') : null;

function Details({ profile }: { profile: UserProfile }) {
  const facts: [string, string | null][] = [
    ['Skills', listed(profile.skills, skillName)],
    ['Languages', listed(profile.languages)],
    ['Topics', listed(profile.topics)],
    [
      'Timezone',
      profile.timezone
        ? `${profile.timezone}${profile.utcOffsetMinutes == null ? '' : ` (${formatUtcOffset(profile.utcOffsetMinutes)})`}`
        : null,
    ],
    ['Hours a week', profile.hoursPerWeek == null ? null : String(profile.hoursPerWeek)],
    ['Wants to learn', profile.learning ?? null],
  ];
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  return (
    <>
      {profile.lookingForGroup ? (
        <section className={styles.looking} aria-label="Looking for a group">
          <strong>Looking for a group</strong>
          {profile.pitch ? <p>{profile.pitch}</p> : null}
        </section>
      ) : null}
      {shown.length > 0 ? (
        <dl className={styles.facts}>
          {shown.map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.muted}>{profile.own ? 'Your profile is empty so far.' : 'Nothing here yet.'}</p>
      )}
      <section aria-labelledby="profile-groups-heading">
        <h2 id="profile-groups-heading" className={styles.sectionHeading}>
          Groups
        </h2>
        {profile.groups && profile.groups.length > 0 ? (
          <ul className={styles.list}>
            {profile.groups.map((group) => (
              <li key={group.groupProjectId}>
                <Link to={`/group-projects/${group.groupProjectId}`}>{group.title}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No public groups.</p>
        )}
      </section>
      {profile.claims ? (
        <section aria-labelledby="profile-claims-heading">
          <h2 id="profile-claims-heading" className={styles.sectionHeading}>
            Working on
          </h2>
          {profile.claims.length > 0 ? (
            <ul className={styles.list}>
              {profile.claims.map((claim) => (
                <li key={claim.issueUrl}>
                  <a href={claim.issueUrl} rel="noreferrer">
                    {claim.issueTitle}
                  </a>{' '}
                  <span className={styles.muted}>in {claim.repoExt}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No claimed issues.</p>
          )}
        </section>
      ) : null}
      {profile.mentoring ? (
        <section aria-labelledby="profile-mentoring-heading">
          <h2 id="profile-mentoring-heading" className={styles.sectionHeading}>
            Mentoring
          </h2>
          {profile.mentoring.length > 0 ? (
            <ul className={styles.list}>
              {profile.mentoring.map((role) => (
                <li key={role.repoExt}>
                  <Link to={`/projects/${role.repoExt}`}>{role.repoExt}</Link>{' '}
                  <span className={styles.muted}>— {role.helpWith}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>Mentors no project.</p>
          )}
        </section>
      ) : null}
    </>
  );
}
