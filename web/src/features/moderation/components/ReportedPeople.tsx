import type { AdminReportedUser } from '@openlfg/contracts';
import { useCallback, useId, useState } from 'react';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import fields from '../../../components/FormField.module.css';
import buttons from '../../../components/buttons.module.css';
import { toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useActOnPerson, useReportedPeople } from '../api/reported-people';
import { ModerationList } from './ModerationList';
import { DismissReportsButton } from './DismissReportsButton';
import { OpenReports } from './OpenReports';
import { ACTION_FAILED_MESSAGE, ReasonDialog } from './ReasonDialog';
import styles from './Moderation.module.css';

/** The open reports on people, beside those on groups: each person to dismiss or suspend; and lifting a suspension. */
export function ReportedPeople({ page }: { page: number }) {
  return (
    <>
      <ModerationList
        tab="reports"
        page={page}
        title="Reports on people"
        listLabel="Reported people"
        intro="People users reported. Dismiss keeps the account; suspending signs it out everywhere and refuses its sign-in, showing them your reason, until a moderator lifts it. Either closes the reports."
        query={useReportedPeople(page)}
        what="reports on people"
        empty={{
          title: 'No open reports on people.',
          text: 'Reports users send about other users show up here.',
        }}
        keyOf={(person) => person.login}
        renderItem={(person, onDone) => <ReportedPersonItem person={person} onActed={onDone} />}
      />
      <LiftSuspension />
    </>
  );
}

function ReportedPersonItem({ person, onActed }: { person: AdminReportedUser; onActed: () => void }) {
  const { login, reports } = person;
  const [suspending, setSuspending] = useState(false);
  const close = useCallback(() => setSuspending(false), []);
  const act = useActOnPerson();

  const dismiss = async () => {
    if (act.isPending) return;
    try {
      await act.mutateAsync({ login, action: 'dismiss' });
      toast.success(`The reports on ${login} are dismissed.`);
      onActed();
    } catch (error) {
      toastError(error, ACTION_FAILED_MESSAGE, { clientErrorsOnly: true });
    }
  };

  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        <span>{login}</span>
        {person.suspended ? <span className={styles.badgeWarning}>Suspended</span> : null}
      </h3>
      <OpenReports reports={reports} subject={login} />
      <div className={buttons.row}>
        <DismissReportsButton subject={login} pending={act.isPending} onDismiss={() => void dismiss()} />
        {person.suspended ? null : (
          <button type="button" className={buttons.danger} onClick={() => setSuspending(true)}>
            Suspend account<VisuallyHidden> {login}</VisuallyHidden>
          </button>
        )}
      </div>
      <ReasonDialog
        open={suspending}
        onClose={close}
        title={`Suspend ${login}`}
        description={`${login} is signed out everywhere and, until a moderator lifts it, refused at sign-in with this reason.`}
        reasonRequired
        confirmLabel="Suspend account"
        pendingLabel="Suspending..."
        tone="danger"
        onConfirm={async (reason) => {
          await act.mutateAsync({ login, action: 'suspend', reason });
          toast.success(`${login} is suspended.`);
          onActed();
        }}
      />
    </li>
  );
}

/** Lifting a suspension by login: the suspended no longer show among reports (suspending closed them). */
function LiftSuspension() {
  const id = useId();
  const [login, setLogin] = useState('');
  const [open, setOpen] = useState(false);
  const act = useActOnPerson();
  const name = login.trim();
  return (
    <form
      className={styles.card}
      aria-label="Lift a suspension"
      onSubmit={(event) => {
        event.preventDefault();
        if (name) setOpen(true);
      }}
    >
      <label htmlFor={id} className={fields.label}>
        Lift a suspension: GitHub login
      </label>
      <div className={buttons.row}>
        <input id={id} className={fields.input} value={login} onChange={(e) => setLogin(e.target.value)} />
        <button type="submit" className={buttons.action}>
          Lift suspension
        </button>
      </div>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Lift the suspension of ${name}`}
        description={`${name} can sign in again.`}
        reasonRequired
        confirmLabel="Lift suspension"
        pendingLabel="Lifting..."
        onConfirm={async (reason) => {
          await act.mutateAsync({ login: name, action: 'lift', reason });
          toast.success(`${name} can sign in again.`);
          setLogin('');
        }}
      />
    </form>
  );
}
