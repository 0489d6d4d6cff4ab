import type { DiscussionInfo } from '@openlfg/contracts';
import { Link } from 'react-router';
import { formatRelativeTime, type Clock } from '../../../lib/format';
import { profileHref } from '../../../lib/profile-links';
import { useRenderClock } from '../../../lib/render-clock';
import { useFocusRequest } from '../../../lib/use-focus-request';
import { Avatar } from '../../../components/Avatar';
import { PersonMenu } from '../../../components/PersonMenu';
import { useUserInfo } from '../../../session/api/user-info';
import { useSession } from '../../../session/session-context';
import { MemberControls } from '../components/MemberControls';
import { activityText, memberCountText } from '../group-text';
import styles from '../components/GroupPage.module.css';

/** The group's members, with the owner's controls beside each and, for the owner, when each was last active. */
export function MemberList({ info }: { info: DiscussionInfo }) {
  const { group, members, viewer } = info;
  const { isLoggedIn } = useSession();
  // The server's clock while the page is taken over, so both write the same text (lib/render-clock.tsx).
  const clock = useRenderClock();
  const myLogin = useUserInfo(isLoggedIn).data?.user.login.toLowerCase() ?? null;
  // A removed member's row, or the owner's controls after a hand over, leave with the button that was used:
  // focus goes to the list's heading, which says the new count.
  const [headingRef, focusHeading] = useFocusRequest<HTMLHeadingElement>();
  return (
    <section className={styles.section} aria-labelledby="group-members-heading">
      <h2 ref={headingRef} id="group-members-heading" tabIndex={-1} className={styles.sectionHeading}>
        Members ({memberCountText(group)})
      </h2>
      {members.length === 0 ? (
        <p className={styles.muted}>No members yet.</p>
      ) : (
        <ul className={styles.people} aria-label="Members">
          {members.map((member) => (
            <li key={member.login} className={styles.person}>
              <Avatar login={member.login} avatarUrl={member.avatarUrl} />
              <span className={styles.personText}>
                <span className={styles.login}>
                  <Link to={profileHref(member.login)}>{member.login}</Link>
                  <PersonMenu
                    login={member.login}
                    enabled={myLogin !== null && myLogin !== member.login.toLowerCase()}
                  />
                </span>
                <span className={styles.muted}>
                  {member.role === 'owner' ? 'Owner' : 'Member'} · joined{' '}
                  {formatRelativeTime(member.joinedAt, clock.now, clock.timeZone)}
                  {member.lastActiveAt ? (
                    <MemberActivity lastActiveAt={member.lastActiveAt} clock={clock} />
                  ) : null}
                </span>
              </span>
              <MemberControls
                group={group}
                member={member}
                mayRemove={viewer.may.removeMember}
                mayHandOver={viewer.may.transferOwnership}
                onDone={focusHeading}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member's last activity, as only the owner gets it: flagged once they have been quiet a long while. */
function MemberActivity({ lastActiveAt, clock }: { lastActiveAt: string; clock: Clock }) {
  const { text, inactive } = activityText(lastActiveAt, clock);
  return (
    <>
      {' · '}
      <span className={inactive ? styles.inactive : undefined}>{text}</span>
    </>
  );
}
