import { formatUtcOffset, type PersonMatch } from '@openlfg/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { QueryList } from '../../../components/QueryList';
import buttons from '../../../components/buttons.module.css';
import { toastError } from '../../../lib/error-message';
import { profileHref } from '../../../lib/profile-links';
import { toast } from '../../../lib/toast';
import page from '../components/GroupPage.module.css';
import { useInvitePerson, usePeopleForGroup } from './people-api';
import styles from './PeopleForGroup.module.css';

/**
 * On the owner's group page: people looking for a group, ranked against what the group needs, each with why,
 * and Invite, which sends them a notification with a one-use invite link.
 */
export function PeopleForGroup({ groupProjectId }: { groupProjectId: number }) {
  const id = useId();
  const people = usePeopleForGroup(groupProjectId);
  const invite = useInvitePerson(groupProjectId);
  const left = people.data?.invitationsLeftToday;

  const onInvite = (person: PersonMatch) => {
    if (invite.isPending) return;
    invite.mutate(person.login, {
      onSuccess: () => toast.success(`Invitation sent to ${person.login}.`),
      onError: (failure) => toastError(failure, 'Could not send the invitation, please try again.'),
    });
  };

  return (
    <section className={page.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={page.sectionHeading}>
        People for your group
      </h2>
      <p className={page.muted}>
        People looking for a group, best match for what your group needs first.
        {left !== undefined ? ` You can invite ${left} more today.` : null}
      </p>
      <QueryList
        query={people}
        what="people"
        items={people.data?.data}
        empty="Nobody looking for a group matches yet. Say what the group needs to find more people."
      >
        {(items) => (
          <ul className={page.people} aria-label="People for your group">
            {items.map((person) => (
              <li key={person.login} className={page.person}>
                <Avatar login={person.login} avatarUrl={person.avatarUrl} />
                <span className={page.personText}>
                  <Link to={profileHref(person.login)} className={page.login}>
                    {person.name ?? person.login}
                  </Link>
                  {person.pitch ? <span>{person.pitch}</span> : null}
                  <span className={styles.why}>{person.match.reasons.join('; ')}</span>
                  <span className={page.muted}>
                    {[
                      person.utcOffsetMinutes === null ? null : formatUtcOffset(person.utcOffsetMinutes),
                      person.hoursPerWeek === null ? null : `${person.hoursPerWeek} h a week`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className={page.personActions}>
                  {person.invited ? (
                    <span className={page.muted}>Invited</span>
                  ) : (
                    <button
                      type="button"
                      className={buttons.action}
                      aria-label={`Invite ${person.login}`}
                      aria-disabled={invite.isPending || left === 0 || undefined}
                      onClick={() => {
                        if (left === 0) {
                          toast.error(
                            'You have sent as many invitations as a day allows. Try again tomorrow.',
                          );
                          return;
                        }
                        onInvite(person);
                      }}
                    >
                      Invite
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
