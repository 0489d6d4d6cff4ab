import { MESSAGE_MAX_LENGTH, type Message } from '@openlfg/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import buttons from '../../../components/buttons.module.css';
import { toastError } from '../../../lib/error-message';
import { useEditMessage } from '../api/change-message';
import { boardOfMessage } from '../board';
import styles from './MessageItem.module.css';

/** The user's message, editable in place: Enter saves, Shift+Enter adds a line, Escape cancels. */
export function MessageEditor({ message, onDone }: { message: Message; onDone: () => void }) {
  const [text, setText] = useState(message.text);
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const edit = useEditMessage();
  const trimmed = text.trim();

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = () => {
    if (trimmed === '' || edit.isPending) return;
    if (trimmed === message.text) return onDone();
    edit.mutate(
      { ...boardOfMessage(message), messageId: message.id, text: trimmed },
      {
        onSuccess: onDone,
        onError: (error) => toastError(error, 'Could not save your edit, please try again.'),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    save();
  };

  return (
    <form className={styles.editor} onSubmit={onSubmit}>
      <label htmlFor={inputId} className={styles.editorLabel}>
        Edit message
      </label>
      <textarea
        ref={input}
        id={inputId}
        className={styles.editorInput}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={2}
      />
      <div className={buttons.row}>
        <button
          type="submit"
          className={buttons.primary}
          disabled={trimmed === ''}
          aria-disabled={edit.isPending || undefined}
        >
          {edit.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={buttons.action} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
