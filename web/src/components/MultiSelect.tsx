import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { VisuallyHidden } from './VisuallyHidden';
import { formatCount } from '../lib/format';
import { filterOptions, type MultiSelectOption } from './filter-options';
import { SelectedChips } from './SelectedChips';
import styles from './MultiSelect.module.css';

export interface MultiSelectProps {
  /** The visible label ("Topics"). */
  label: string;
  /** One of the things picked ("topic"), and several ("topics"). */
  noun: string;
  nounPlural: string;
  placeholder: string;
  /** Undefined while they load. */
  options: readonly MultiSelectOption[] | undefined;
  optionsFailed?: boolean;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  max: number;
  /**
   * Set when the options come from a search as the user types (the topics): called with what is typed, and
   * `options` are then the search's answer, shown as they come (not narrowed here).
   */
  onTextChange?: (text: string) => void;
  /** A search for what was typed is under way. */
  searching?: boolean;
  /** A line under the field about the options as a whole ("1,204 of 1,903 projects have a known language."). */
  summary?: string;
}

/**
 * A searchable multi-select: an editable combobox over a listbox (the ARIA combobox pattern), the picked values
 * as removable chips. Type to narrow the list, arrows to move, Enter to pick or unpick, Escape to close,
 * Backspace in the empty field to remove the last chip.
 */
export function MultiSelect({
  label,
  noun,
  nounPlural,
  placeholder,
  options,
  optionsFailed = false,
  selected,
  onChange,
  max,
  onTextChange,
  searching = false,
  summary,
}: MultiSelectProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const summaryId = `${id}-summary`;
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  /** The option picked out by the arrow keys, -1 for none. */
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');

  const shown = useMemo(
    () => (onTextChange ? (options ?? []) : filterOptions(options ?? [], text)),
    [options, text, onTextChange],
  );
  const changeText = (next: string) => {
    setText(next);
    onTextChange?.(next);
  };
  const full = selected.length >= max;
  const listShown = open && shown.length > 0;
  const activeIndex = Math.min(active, shown.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (listShown && activeIndex >= 0) {
      document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [listShown, activeIndex, id]);

  const toggle = (value: string) => {
    if (selected.includes(value)) {
      onChange(selected.filter((item) => item !== value));
      setAnnouncement(`${value} removed.`);
    } else if (!full) {
      onChange([...selected, value]);
      setAnnouncement(`${value} added. ${selected.length + 1} of ${max} ${nounPlural} picked.`);
      changeText('');
      setActive(-1);
    }
  };

  const remove = (value: string) => {
    onChange(selected.filter((item) => item !== value));
    setAnnouncement(`${value} removed.`);
    inputRef.current?.focus();
  };

  const move = (step: 1 | -1) => {
    if (!open) {
      setOpen(true);
      setActive(step === 1 ? 0 : shown.length - 1);
      return;
    }
    if (shown.length === 0) return;
    // From no active option, Down goes to the first and Up to the last.
    const from = activeIndex < 0 ? (step === 1 ? -1 : shown.length) : activeIndex;
    setActive((from + step + shown.length) % shown.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        // With no option picked out by the arrows, Enter takes the best match of what was typed.
        const option = shown[activeIndex] ?? (text.trim() !== '' ? shown[0] : undefined);
        if (listShown && option) {
          event.preventDefault();
          toggle(option.value);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (text !== '') {
          event.preventDefault();
          changeText('');
        }
        break;
      case 'Backspace': {
        const last = selected[selected.length - 1];
        if (text === '' && last !== undefined) remove(last);
        break;
      }
    }
  };

  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && fieldRef.current?.contains(next))) setOpen(false);
  };

  const message = !open
    ? null
    : optionsFailed && !options
      ? `The ${nounPlural} could not be loaded.`
      : !options
        ? `Loading ${nounPlural}...`
        : shown.length === 0
          ? searching
            ? `Searching ${nounPlural}...`
            : text.trim() === ''
              ? `No ${nounPlural} yet.`
              : `No ${nounPlural} match "${text.trim()}".`
          : null;

  return (
    <div ref={fieldRef} className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.anchor}>
        <div className={styles.box} onClick={() => inputRef.current?.focus()}>
          <SelectedChips noun={noun} label={`Selected ${nounPlural}`} values={selected} onRemove={remove} />
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder={selected.length === 0 ? placeholder : ''}
            aria-expanded={listShown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={listShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-describedby={summary ? `${hintId} ${summaryId}` : hintId}
            value={text}
            onChange={(event) => {
              changeText(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onClick={() => {
              setOpen((wasOpen) => !wasOpen);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
          />
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          className={styles.listbox}
          hidden={!listShown}
          // Keeps focus in the field, so the list stays open for the next pick.
          onMouseDown={(event) => event.preventDefault()}
        >
          {listShown
            ? shown.map((option, index) => {
                const isSelected = selected.includes(option.value);
                const disabled = full && !isSelected;
                return (
                  <li
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={isSelected}
                    aria-disabled={disabled || undefined}
                    className={`${styles.option} ${index === activeIndex ? styles.active : ''}`}
                    onClick={() => toggle(option.value)}
                  >
                    <span className={styles.check} aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                    <span className={styles.value}>{option.value}</span>
                    {option.count !== undefined ? (
                      <span className={styles.count}>
                        {formatCount(option.count)}
                        <VisuallyHidden>{option.count === 1 ? ' project' : ' projects'}</VisuallyHidden>
                        {option.detail ? `, ${option.detail}` : null}
                      </span>
                    ) : null}
                  </li>
                );
              })
            : null}
        </ul>
        {message ? <p className={styles.message}>{message}</p> : null}
      </div>
      <p id={hintId} className={full ? styles.hintFull : styles.hint}>
        {full
          ? `You picked the most ${nounPlural} a filter can take (${max}).`
          : `Up to ${max} ${nounPlural}.`}
      </p>
      {summary ? (
        <p id={summaryId} className={styles.hint}>
          {summary}
        </p>
      ) : null}
      <div aria-live="polite" className={styles.live}>
        {announcement}
      </div>
    </div>
  );
}
