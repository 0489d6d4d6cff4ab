import { SEARCH_MAX_LENGTH } from '@openlfg/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styles from './SearchBox.module.css';

/** How long typing must pause before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  /** The search in the address: shown, and shown again when the address changes (Back, a link). */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter; never twice for the same text. */
  onSearch: (q: string) => void;
  delayMs?: number;
}

/** A list's search box: it searches as the user types, once they pause. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  delayMs = SEARCH_DEBOUNCE_MS,
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The search last sent or received: the address catching up with what was sent is not a change to show.
  const current = useRef(value);

  useEffect(() => {
    if (value === current.current) return;
    clearTimeout(timer.current);
    current.current = value;
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    const q = next.trim();
    if (q === current.current) return;
    current.current = q;
    onSearch(q);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(text);
  };

  return (
    <form role="search" className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        placeholder={placeholder}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(next), delayMs);
        }}
      />
    </form>
  );
}
