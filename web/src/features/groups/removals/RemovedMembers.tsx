import { useId, useRef } from 'react';
import { Avatar } from '../../../components/Avatar';
import { QueryList } from '../../../components/QueryList';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { toastError } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import buttons from '../../../components/buttons.module.css';
import page from '../components/GroupPage.module.css';
import { useAllowBack, useRemovedMembers } from './removals-api';

export const NO_REMOVED_MESSAGE = 'Nobody has been removed from this group.';

/**
 * The owner's list of people removed from the group: none of them can join, ask to join or use an invite link
 * again until the owner allows them back here.
 */
export function RemovedMembers({ groupProjectId }: { groupProjectId: number }) {
  const removed = useRemovedMembers(groupProjectId);
  const allowBack = useAllowBack(groupProjectId);
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onAllowBack = (login: string) =>
    allowBack.mutate(login, {
      onSuccess: () => {
        toast.success(`${login} can join again.`);
        // The button is gone with its row: the section's heading keeps the keyboard's place.
        headingRef.current?.focus();
      },
      onError: (failure) =>
        toastError(failure, 'That did not work, please try again.', { clientErrorsOnly: true }),
    });

  return (
    <section className={page.section} aria-labelledby={`${id}-heading`}>
      <h2 ref={headingRef} id={`${id}-heading`} className={page.sectionHeading} tabIndex={-1}>
        Removed
      </h2>
      <p className={page.muted}>
        People you removed cannot join, ask to join or use an invite link until you allow them back.
      </p>
      <QueryList query={removed} items={removed.data?.data} what="removed members" empty={NO_REMOVED_MESSAGE}>
        {(items) => (
          <ul className={page.people} aria-label="Removed members">
            {items.map((person) => (
              <li key={person.login} className={page.person}>
                <Avatar login={person.login} avatarUrl={person.avatarUrl} />
                <span className={page.personText}>
                  <span className={page.login}>{person.login}</span>
                  <span className={page.muted}>
                    Removed <span title={person.removedAt}>{formatRelativeTime(person.removedAt)}</span>
                    {person.reason ? ` · ${person.reason}` : null}
                  </span>
                </span>
                <div className={page.personActions}>
                  <button
                    type="button"
                    className={buttons.action}
                    disabled={allowBack.isPending && allowBack.variables === person.login}
                    onClick={() => onAllowBack(person.login)}
                  >
                    {allowBack.isPending && allowBack.variables === person.login
                      ? 'Allowing...'
                      : 'Allow back'}
                    <VisuallyHidden> {person.login}</VisuallyHidden>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
