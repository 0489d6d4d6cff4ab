import { MENTOR_ASKS_PER_WINDOW, MESSAGE_MAX_LENGTH } from '@openlfg/contracts';
import { useId, useState, type FormEvent } from 'react';
import fields from '../../../components/FormField.module.css';
import { newClientMessageId } from '../../../lib/client-id';
import { errorMessage } from '../../../lib/error-message';
import { useAskMentor } from '../api/ask-mentor';
import styles from './MentorsPanel.module.css';

/**
 * "Ask a mentor": the question is posted in the project's room, where the mentors (told with a link) answer it.
 * One client id per question, kept across retries, so a retry posts it once.
 */
export function AskMentorForm({ projectId, allFull }: { projectId: number; allFull: boolean }) {
  const [question, setQuestion] = useState('');
  const [clientId, setClientId] = useState(newClientMessageId);
  const [sent, setSent] = useState<string | null>(null);
  const ask = useAskMentor();
  const inputId = useId();
  const errorId = useId();
  const trimmed = question.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || ask.isPending) return;
    ask.mutate(
      { projectId, clientId, question: trimmed },
      {
        onSuccess: ({ data }) => {
          setQuestion('');
          setClientId(newClientMessageId());
          setSent(
            `Your question is in the room. ${data.mentorsTold} mentor${data.mentorsTold === 1 ? ' was' : 's were'} told.`,
          );
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Ask a mentor">
      <h3 className={styles.formTitle}>Ask a mentor</h3>
      <label htmlFor={inputId} className={fields.label}>
        Your question
      </label>
      <textarea
        id={inputId}
        className={fields.textarea}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={question}
        onChange={(event) => {
          setQuestion(event.target.value);
          setSent(null);
        }}
        aria-invalid={ask.isError}
        aria-describedby={ask.isError ? errorId : undefined}
      />
      <p className={fields.hint}>
        It is posted in the project’s room, and each mentor with room for a newcomer gets a notification. You
        can ask {MENTOR_ASKS_PER_WINDOW} times an hour.
      </p>
      {allFull ? (
        <p className={fields.hint}>
          Every mentor has as many newcomers as they take right now: only one already helping you is told.
          Anyone in the room can answer too.
        </p>
      ) : null}
      {ask.isError ? (
        <p id={errorId} role="alert" className={fields.error}>
          {errorMessage(ask.error, 'Your question could not be sent. Try again.')}
        </p>
      ) : null}
      {sent ? (
        <p role="status" className={fields.success}>
          {sent}
        </p>
      ) : null}
      <div className={fields.actions}>
        <button type="submit" className={fields.primary} disabled={trimmed === '' || ask.isPending}>
          {ask.isPending ? 'Asking...' : 'Ask a mentor'}
        </button>
      </div>
    </form>
  );
}
