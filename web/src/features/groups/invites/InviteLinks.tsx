import type { GroupInvite } from '@openlfg/contracts';
import { INVITE_MAX_USES_LIMIT, INVITE_TTL_DAYS } from '@openlfg/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { QueryList } from '../../../components/QueryList';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { errorMessage, toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import buttons from '../../../components/buttons.module.css';
import fields from '../../../components/FormField.module.css';
import page from '../components/GroupPage.module.css';
import { inviteUrl, useGroupInvites, useInviteChanges } from './invites-api';
import { expiryText, parseUses, USES_MESSAGE, usesText } from './invite-text';
import styles from './InviteLinks.module.css';

export const NO_INVITES_MESSAGE = 'No active invite links.';
export const COPIED_MESSAGE = 'Invite link copied.';

/**
 * The owner's invite links on the group's page: a form that creates one (7 days, optionally a number of uses)
 * while the server allows it (`mayCreate`), and the active links with their uses left and expiry, each with
 * Copy and Revoke. Whoever opens a link while signed in joins at once, private groups included.
 */
export function InviteLinks({ groupProjectId, mayCreate }: { groupProjectId: number; mayCreate: boolean }) {
  const invites = useGroupInvites(groupProjectId);
  const { create, revoke } = useInviteChanges(groupProjectId);
  const id = useId();
  const [uses, setUses] = useState('');
  const [error, setError] = useState<string | null>(null);
  const usesRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const maxUses = parseUses(uses);
    if (maxUses === undefined) {
      setError(USES_MESSAGE);
      usesRef.current?.focus();
      return;
    }
    setError(null);
    create.mutate(maxUses, {
      onSuccess: async (invite) => {
        setUses('');
        if (invite.token) await copy(invite.token, 'Invite link created and copied.');
        else toast.success('Invite link created.');
      },
      onError: (failure) => setError(errorMessage(failure, 'Could not create the link, please try again.')),
    });
  };

  const onRevoke = (invite: GroupInvite) =>
    revoke.mutate(invite.inviteId, {
      onSuccess: () => {
        toast.success('Invite link revoked.');
        headingRef.current?.focus();
      },
      onError: (failure) =>
        toastError(failure, 'That did not work, please try again.', { clientErrorsOnly: true }),
    });

  return (
    <section className={page.section} aria-labelledby={`${id}-heading`}>
      <h2 ref={headingRef} id={`${id}-heading`} className={page.sectionHeading} tabIndex={-1}>
        Invite links
      </h2>
      <p className={page.muted}>
        Anyone signed in who opens a link joins at once, without a request. Links work for {INVITE_TTL_DAYS}{' '}
        days, or until their uses run out.
      </p>
      {mayCreate ? (
        <form className={styles.form} noValidate onSubmit={onCreate}>
          <div className={fields.field}>
            <label htmlFor={`${id}-uses`} className={fields.label}>
              Number of uses (optional)
            </label>
            <input
              ref={usesRef}
              id={`${id}-uses`}
              className={fields.input}
              type="number"
              min={1}
              max={INVITE_MAX_USES_LIMIT}
              step={1}
              value={uses}
              onChange={(event) => {
                setUses(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-uses-hint${error ? ` ${id}-uses-error` : ''}`}
            />
            <p id={`${id}-uses-hint`} className={fields.hint}>
              Blank: any number of uses.
            </p>
            {error ? (
              <p id={`${id}-uses-error`} className={fields.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className={buttons.primary} aria-busy={create.isPending || undefined}>
            {create.isPending ? 'Creating...' : 'Create invite link'}
          </button>
        </form>
      ) : null}
      <QueryList query={invites} items={invites.data?.data} what="invite links" empty={NO_INVITES_MESSAGE}>
        {(items) => (
          <ul className={styles.invites} aria-label="Active invite links">
            {items.map((invite) => (
              <li key={invite.inviteId} className={styles.invite}>
                {invite.token ? (
                  <code className={styles.url}>{inviteUrl(invite.token)}</code>
                ) : (
                  <span className={page.muted}>
                    This link can no longer be shown; revoke it and make another.
                  </span>
                )}
                <span className={page.muted}>
                  {usesText(invite)} · <span title={invite.expiresAt}>{expiryText(invite.expiresAt)}</span>
                </span>
                <span className={styles.actions}>
                  {invite.token ? (
                    <button
                      type="button"
                      className={buttons.action}
                      onClick={() => void copy(invite.token ?? '', COPIED_MESSAGE)}
                    >
                      Copy<VisuallyHidden> invite link {invite.inviteId}</VisuallyHidden>
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={buttons.danger}
                    disabled={revoke.isPending && revoke.variables === invite.inviteId}
                    onClick={() => onRevoke(invite)}
                  >
                    Revoke<VisuallyHidden> invite link {invite.inviteId}</VisuallyHidden>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}

/** Puts the link on the clipboard; where the browser refuses, the link stays on screen to copy by hand. */
async function copy(token: string, success: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(inviteUrl(token));
    toast.success(success);
  } catch {
    toast.error('Could not copy the link: select it and copy it yourself.');
  }
}
