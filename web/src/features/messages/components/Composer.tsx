import { MESSAGE_MAX_LENGTH } from '@openlfg/contracts';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { Avatar } from '../../../components/Avatar';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import buttons from '../../../components/buttons.module.css';
import {
  completeMention,
  mentionOptions,
  mentionQueryAt,
  type MentionCandidate,
} from '../mention-completion';
import styles from './Composer.module.css';

/** From this many characters left, the composer shows how many remain. */
const SHOW_REMAINING_BELOW = 200;

export interface ComposerProps {
  onSend: (text: string) => void;
  /** Offered when the user types "@": the group's members. */
  members?: readonly MentionCandidate[];
  myLogin?: string | null;
}

/**
 * Where a member writes: Enter sends, Shift+Enter starts a new line. Typing "@" offers the group's members
 * (a listbox the text box drives, as in the ARIA combobox pattern: arrows move, Enter or Tab picks, Escape
 * closes; focus stays in the text box throughout).
 */
export function Composer({ onSend, members = [], myLogin = null }: ComposerProps) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  /** Where the mention the user closed with Escape starts: it stays closed until another one is typed. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const caretAfterPick = useRef<number | null>(null);
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const remaining = MESSAGE_MAX_LENGTH - text.length;
  const trimmed = text.trim();

  const mention = mentionQueryAt(text, caret);
  const options =
    mention && mention.start !== dismissedAt ? mentionOptions(members, mention.query, myLogin) : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !input.current) return;
    caretAfterPick.current = null;
    input.current.setSelectionRange(at, at);
  });

  const submit = () => {
    if (trimmed === '') return;
    onSend(trimmed);
    setText('');
    setCaret(0);
    setDismissedAt(null);
    // Sending with the button would leave focus on it (disabled now the box is empty): back to writing.
    input.current?.focus();
  };
  const pick = (option: MentionCandidate) => {
    if (!mention) return;
    const next = completeMention(text, mention, option.login);
    setText(next.text);
    setCaret(next.caret);
    caretAfterPick.current = next.caret;
    input.current?.focus();
  };
  const trackCaret = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    setCaret(event.currentTarget.selectionStart);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes (Japanese, Chinese...), Enter picks a candidate: it must not send.
    if (event.nativeEvent.isComposing) return;
    if (open && mention) {
      const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (move !== undefined) {
        event.preventDefault();
        setActive((activeIndex + move + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        const option = options[activeIndex];
        if (option) pick(option);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      <label htmlFor={inputId} className={styles.label}>
        Message
      </label>
      <div className={styles.row}>
        <div className={styles.field}>
          <textarea
            ref={input}
            id={inputId}
            className={styles.input}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
              setActive(0);
            }}
            onSelect={trackCaret}
            onKeyDown={onKeyDown}
            onBlur={() => setDismissedAt(mention?.start ?? null)}
            onFocus={() => setDismissedAt(null)}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={2}
            placeholder="Write a message"
            aria-describedby={hintId}
            aria-autocomplete="list"
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open ? optionId(activeIndex) : undefined}
          />
          {open ? (
            <ul id={listId} role="listbox" aria-label="Members to mention" className={styles.options}>
              {options.map((option, index) => (
                <li
                  key={option.login}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={index === activeIndex ? `${styles.option} ${styles.active}` : styles.option}
                  // Picked on mouse down, before the text box loses focus (which would close the list).
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(option);
                  }}
                >
                  <Avatar login={option.login} avatarUrl={option.avatarUrl} size="small" />
                  {option.login}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <button type="submit" className={buttons.primary} disabled={trimmed === ''}>
          Send
        </button>
      </div>
      <p id={hintId} className={styles.hint}>
        Enter sends, Shift+Enter adds a line. Type @ to mention a member.
        {remaining <= SHOW_REMAINING_BELOW ? ` ${remaining} characters left.` : null}
      </p>
      <VisuallyHidden>
        <span role="status">
          {open
            ? `${options.length} ${options.length === 1 ? 'member matches' : 'members match'}: arrows to choose, Enter to mention.`
            : ''}
        </span>
      </VisuallyHidden>
    </form>
  );
}
