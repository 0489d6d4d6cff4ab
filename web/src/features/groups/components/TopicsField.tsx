import { addTopic, MAX_GROUP_TOPICS, type PostGroupBody } from '@openlfg/contracts';
import { useMemo, type KeyboardEvent, type RefObject } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectedChips } from '../../../components/SelectedChips';
import { useTopicSearch } from '../../../lib/topic-search';
import type { PostForm, PostFormValues } from '../post-form';
import styles from './PostGroupForm.module.css';

const SHOWN_SUGGESTIONS = 8;

/**
 * Adds typed topics (several when pasted with commas) as chips, normalised by the contract's rules, as the
 * server will store them. False, with the refusal on the field, when one cannot be added.
 */
export function addTypedTopics(form: PostForm, raws: readonly string[]): boolean {
  let topics = form.getValues('topics');
  for (const raw of raws) {
    if (raw.trim() === '') continue;
    const next = addTopic(topics, raw);
    if (!next.ok) {
      form.setError('topicText', { type: 'entry', message: next.message });
      return false;
    }
    topics = next.value;
  }
  // Once the form was sent, its "add a topic" error clears as soon as there is one.
  form.setValue('topics', topics, { shouldValidate: form.formState.isSubmitted });
  form.clearErrors('topicText');
  return true;
}

/** The topics chips input: Enter or a comma adds a topic, Backspace in an empty field takes the last one off. */
export function TopicsField({ id, inputRef }: { id: string; inputRef: RefObject<HTMLInputElement | null> }) {
  const form: PostForm = useFormContext<PostFormValues, unknown, PostGroupBody>();
  const { control, formState, setValue } = form;
  const [topics, text] = useWatch({ control, name: ['topics', 'topicText'] });
  // The catalogue's topics for what is typed, by the same search as the filters: aliases offer the name stored.
  const suggestions = useTopicSearch(text.trim() === '' ? '' : text, SHOWN_SUGGESTIONS + topics.length);
  const error = formState.errors.topicText?.message ?? formState.errors.topics?.message;
  const inputId = `${id}-topics`;
  const errorId = `${id}-topics-error`;
  const setTopics = (next: string[]) => setValue('topics', next, { shouldValidate: formState.isSubmitted });

  const shownSuggestions = useMemo(
    () =>
      text.trim() === ''
        ? []
        : (suggestions.data ?? [])
            .map(({ topic }) => ({ value: topic }))
            .filter((option) => !topics.includes(option.value))
            .slice(0, SHOWN_SUGGESTIONS),
    [suggestions.data, text, topics],
  );

  const add = (raw: string) => {
    if (addTypedTopics(form, [raw])) setValue('topicText', '');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && topics.length > 0) {
      setTopics(topics.slice(0, -1));
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        Topics
      </label>
      <div className={styles.topicBox}>
        <SelectedChips
          noun="topic"
          label="Chosen topics"
          values={topics}
          onRemove={(topic) => {
            setTopics(topics.filter((item) => item !== topic));
            inputRef.current?.focus();
          }}
        />
        <input
          ref={inputRef}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-topics-hint${error ? ` ${errorId}` : ''}`}
          className={styles.topicInput}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={topics.length === 0 ? 'Type a topic, then Enter' : ''}
          value={text}
          onChange={(event) => {
            const { value } = event.target;
            form.clearErrors('topicText');
            // A comma ends a topic, typed or pasted ("rust, compilers").
            if (value.includes(',')) {
              const parts = value.split(',');
              const rest = parts.pop() ?? '';
              setValue('topicText', addTypedTopics(form, parts) ? rest : value);
            } else {
              setValue('topicText', value);
            }
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {shownSuggestions.length > 0 ? (
        <ul className={styles.suggestions} aria-label="Suggested topics">
          {shownSuggestions.map((option) => (
            <li key={option.value}>
              <button type="button" className={styles.suggestion} onClick={() => add(option.value)}>
                {option.value}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p id={`${id}-topics-hint`} className={styles.hint}>
        1 to {MAX_GROUP_TOPICS} topics. Enter or a comma adds one.
      </p>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
