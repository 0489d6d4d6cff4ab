import { REPORT_REASON_MAX } from '@openlfg/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../lib/error-message';
import { reportUser, useBlockedLogins, useSetBlocked } from '../lib/people';
import { toast } from '../lib/toast';
import { ReasonDialog } from './ReasonDialog';
import styles from './PersonMenu.module.css';

export interface PersonMenuProps {
  login: string;
  /** Shown only to someone signed in, and never on their own name: the caller decides (it knows the session). */
  enabled: boolean;
}

/**
 * A small "..." beside a person's name (a member, a message's author): Report (a dialog asking why) and Block
 * or Unblock. Blocking is quiet: they are not told.
 */
export function PersonMenu({ login, enabled }: PersonMenuProps) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const blocked = useBlockedLogins(enabled).has(login.toLowerCase());
  const setBlocked = useSetBlocked();

  // A click elsewhere or Escape closes the menu.
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !rootRef.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!enabled) return null;

  const toggleBlock = () => {
    setOpen(false);
    setBlocked.mutate(
      { login, blocked: !blocked },
      {
        onSuccess: () => toast.success(blocked ? `Unblocked ${login}.` : `Blocked ${login}.`),
        onError: (error) => toast.error(errorMessage(error, 'That did not work, please try again.')),
      },
    );
  };

  return (
    <span className={styles.root} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        aria-label={`More for ${login}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        ⋯
      </button>
      {open ? (
        <span role="menu" id={menuId} className={styles.menu}>
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            onClick={() => {
              setOpen(false);
              setReporting(true);
            }}
          >
            Report {login}
          </button>
          <button type="button" role="menuitem" className={styles.item} onClick={toggleBlock}>
            {blocked ? `Unblock ${login}` : `Block ${login}`}
          </button>
        </span>
      ) : null}
      <ReasonDialog
        open={reporting}
        onClose={() => setReporting(false)}
        title={`Report ${login}`}
        description="Tell the moderators what is wrong. They see your report; the person you report does not."
        reasonRequired
        reasonMax={REPORT_REASON_MAX}
        confirmLabel="Report"
        pendingLabel="Reporting..."
        tone="danger"
        onConfirm={async (reason) => {
          await reportUser(login, reason ?? '');
          toast.success('Thanks: the moderators will look at your report.');
        }}
      />
    </span>
  );
}
