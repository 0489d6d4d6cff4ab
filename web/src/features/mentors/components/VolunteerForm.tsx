import { MENTOR_CAPACITY_MAX, MENTOR_HELP_WITH_MAX, type Mentor } from '@openlfg/contracts';
import { useId, useState, type FormEvent } from 'react';
import buttons from '../../../components/buttons.module.css';
import fields from '../../../components/FormField.module.css';
import { errorMessage, toastError } from '../../../lib/error-message';
import { useStepDownMentor, useVolunteerMentor } from '../api/volunteer-mentor';
import styles from './MentorsPanel.module.css';

/**
 * Volunteering as a mentor (what one helps with, how many newcomers at a time), or, for a mentor, updating that
 * and stepping down. Closed behind a button until wanted: most visitors come to be helped.
 */
export function VolunteerForm({ projectId, mine }: { projectId: number; mine: Mentor | undefined }) {
  const [open, setOpen] = useState(false);
  const [helpWith, setHelpWith] = useState(mine?.helpWith ?? '');
  const [capacity, setCapacity] = useState(String(mine?.capacity ?? 1));
  const volunteer = useVolunteerMentor(projectId);
  const stepDown = useStepDownMentor(projectId);
  const helpId = useId();
  const capacityId = useId();
  const errorId = useId();
  const count = Number(capacity);
  const valid =
    helpWith.trim() !== '' && Number.isInteger(count) && count >= 1 && count <= MENTOR_CAPACITY_MAX;

  if (!open) {
    return (
      <div className={fields.actions}>
        <button
          type="button"
          className={buttons.action}
          onClick={() => {
            setHelpWith(mine?.helpWith ?? '');
            setCapacity(String(mine?.capacity ?? 1));
            setOpen(true);
          }}
        >
          {mine ? 'Edit what I offer' : 'Volunteer as a mentor'}
        </button>
        {mine ? (
          <button
            type="button"
            className={buttons.danger}
            disabled={stepDown.isPending}
            onClick={() =>
              stepDown.mutate(undefined, {
                onError: (error) => toastError(error, 'Could not step down, please try again.'),
              })
            }
          >
            {stepDown.isPending ? 'Stepping down...' : 'Step down'}
          </button>
        ) : null}
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || volunteer.isPending) return;
    volunteer.mutate({ helpWith: helpWith.trim(), capacity: count }, { onSuccess: () => setOpen(false) });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Volunteer as a mentor">
      <h3 className={styles.formTitle}>{mine ? 'What you offer' : 'Volunteer as a mentor'}</h3>
      <label htmlFor={helpId} className={fields.label}>
        What you can help with
      </label>
      <textarea
        id={helpId}
        className={fields.textarea}
        rows={2}
        maxLength={MENTOR_HELP_WITH_MAX}
        value={helpWith}
        onChange={(event) => setHelpWith(event.target.value)}
        placeholder="Setting up the project, reviewing a first pull request..."
      />
      <label htmlFor={capacityId} className={fields.label}>
        Newcomers at a time
      </label>
      <input
        id={capacityId}
        className={fields.input}
        type="number"
        inputMode="numeric"
        min={1}
        max={MENTOR_CAPACITY_MAX}
        value={capacity}
        onChange={(event) => setCapacity(event.target.value)}
      />
      {volunteer.isError ? (
        <p id={errorId} role="alert" className={fields.error}>
          {errorMessage(volunteer.error, 'Could not save, please try again.')}
        </p>
      ) : null}
      <div className={fields.actions}>
        <button type="submit" className={fields.primary} disabled={!valid || volunteer.isPending}>
          {volunteer.isPending ? 'Saving...' : mine ? 'Save' : 'Volunteer'}
        </button>
        <button type="button" className={fields.secondary} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
