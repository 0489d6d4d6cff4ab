import { MESSAGE_MAX_LENGTH } from '@openlfg/contracts';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import buttons from '../../../components/buttons.module.css';
import styles from './Composer.module.css';

/** From this many characters left, the composer shows how many remain. */
const SHOW_REMAINING_BELOW = 200;

/** Where a member writes: Enter sends, Shift+Enter starts a new line. */
export function Composer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const hintId = useId();
  const remaining = MESSAGE_MAX_LENGTH - text.length;
  const trimmed = text.trim();

  const submit = () => {
    if (trimmed === '') return;
    onSend(trimmed);
    setText('');
    // Sending with the button would leave focus on it (disabled now the box is empty): back to writing.
    input.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes (Japanese, Chinese...), Enter picks a candidate: it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      <label htmlFor={inputId} className={styles.label}>
        Message
      </label>
      <div className={styles.row}>
        <textarea
          ref={input}
          id={inputId}
          className={styles.input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={2}
          placeholder="Write a message"
          aria-describedby={hintId}
        />
        <button type="submit" className={buttons.primary} disabled={trimmed === ''}>
          Send
        </button>
      </div>
      <p id={hintId} className={styles.hint}>
        Enter sends, Shift+Enter adds a line.
        {remaining <= SHOW_REMAINING_BELOW ? ` ${remaining} characters left.` : null}
      </p>
    </form>
  );
}
