import {
  GROUP_DESCRIPTION_MAX,
  GROUP_MAX_MEMBERS_LIMIT,
  GROUP_TITLE_MAX,
  MAX_GROUP_TOPICS,
  SKILL_LEVELS,
} from '@openlfg/contracts';
import type { PostGroupBody, SkillLevel, Visibility } from '@openlfg/contracts';
import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { filterOptions } from '../../../components/filter-options';
import { SelectedChips } from '../../../components/SelectedChips';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { usePublicRepos } from '../api/get-public-repos';
import { useTopicSuggestions } from '../api/get-topic-suggestions';
import { usePostGroup } from '../api/post-group';
import { normaliseTopic, validatePostForm, type PostFormErrors } from '../post-form';
import styles from './PostGroupForm.module.css';

export const POST_FAILED_MESSAGE = 'Could not post the group, please try again.';
const SHOWN_SUGGESTIONS = 8;

export interface PostGroupFormProps {
  titleRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}

/** The posting form: checked here first, then by the server, whose refusals show at the top of the form. */
export function PostGroupForm({ titleRef, onClose }: PostGroupFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const repos = usePublicRepos(isLoggedIn);
  const suggestions = useTopicSuggestions();
  const post = usePostGroup();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [pickedRepo, setPickedRepo] = useState('');
  const [typedRepo, setTypedRepo] = useState('');
  const [topics, setTopics] = useState<string[]>([]);
  const [topicText, setTopicText] = useState('');
  const [topicError, setTopicError] = useState<string | null>(null);
  const [skillLevel, setSkillLevel] = useState<SkillLevel>('Any level');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [discordUrl, setDiscordUrl] = useState('');
  const [maxMembers, setMaxMembers] = useState('');
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const topicInputRef = useRef<HTMLInputElement>(null);
  const serverErrorRef = useRef<HTMLParagraphElement>(null);

  const shownSuggestions = useMemo(
    () =>
      topicText.trim() === ''
        ? []
        : filterOptions(
            (suggestions.data ?? []).map(({ topic }) => ({ value: topic })),
            topicText,
            SHOWN_SUGGESTIONS + topics.length,
          )
            .filter((option) => !topics.includes(option.value))
            .slice(0, SHOWN_SUGGESTIONS),
    [suggestions.data, topicText, topics],
  );

  /** Adds the typed topics (several when pasted with commas); returns the new list, or null on a bad one. */
  const addTopics = (raws: readonly string[], current: readonly string[] = topics): string[] | null => {
    const next = [...current];
    for (const raw of raws) {
      if (raw.trim() === '') continue;
      const topic = normaliseTopic(raw);
      if (topic === null) {
        setTopicError(
          `"${raw.trim()}" is not a topic: use letters, digits and hyphens (up to 50), such as "web-dev".`,
        );
        return null;
      }
      if (next.includes(topic)) continue;
      if (next.length >= MAX_GROUP_TOPICS) {
        setTopicError(`A group can have up to ${MAX_GROUP_TOPICS} topics.`);
        return null;
      }
      next.push(topic);
    }
    setTopics(next);
    setTopicError(null);
    if (next.length > 0) setErrors(({ topics: _dropped, ...rest }) => rest);
    return next;
  };

  const addTopic = (raw: string) => {
    if (addTopics([raw]) !== null) setTopicText('');
    topicInputRef.current?.focus();
  };

  const onTopicKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addTopic(topicText);
    } else if (event.key === 'Backspace' && topicText === '' && topics.length > 0) {
      setTopics(topics.slice(0, -1));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (post.isPending) return;
    // A topic still in the field counts, as if Enter had been pressed.
    let allTopics = topics;
    if (topicText.trim() !== '') {
      const added = addTopics([topicText]);
      if (added === null) {
        topicInputRef.current?.focus();
        return;
      }
      allTopics = added;
      setTopicText('');
    }
    const found = validatePostForm({ title, description, topics: allTopics, discordUrl, maxMembers });
    setErrors(found);
    setServerError(null);
    const firstInvalid = (['title', 'description', 'topics', 'discordUrl', 'maxMembers'] as const).find(
      (field) => found[field],
    );
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    const repository = typedRepo.trim() !== '' ? typedRepo.trim() : pickedRepo !== '' ? pickedRepo : null;
    const body: PostGroupBody = {
      title: title.trim(),
      description: description.trim(),
      repository,
      topics: allTopics,
      skillLevel,
      visibility,
      discordUrl: discordUrl.trim() === '' ? null : discordUrl.trim(),
      maxMembers: maxMembers.trim() === '' ? null : Number(maxMembers),
    };
    post.mutate(body, {
      onSuccess: (group) => {
        toast.success('Group posted.');
        onClose();
        void navigate(`/group-projects/${group.groupProjectId}`);
      },
      onError: (failure) => {
        setServerError(errorMessage(failure, POST_FAILED_MESSAGE, { clientErrorsOnly: true }));
        serverErrorRef.current?.focus();
        requestAnimationFrame(() => serverErrorRef.current?.focus());
      },
    });
  };

  const field = (name: keyof PostFormErrors) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: keyof PostFormErrors) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={styles.error}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      {serverError ? (
        <p ref={serverErrorRef} tabIndex={-1} role="alert" className={styles.serverError}>
          {serverError}
        </p>
      ) : null}

      <div className={styles.field}>
        <label htmlFor={`${id}-title`} className={styles.label}>
          Title
        </label>
        <input
          ref={titleRef}
          {...field('title')}
          className={styles.input}
          type="text"
          maxLength={GROUP_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <p className={styles.counter} aria-live="polite">
          {title.length}/{GROUP_TITLE_MAX}
        </p>
        {fieldError('title')}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-description`} className={styles.label}>
          Description
        </label>
        <textarea
          {...field('description')}
          className={styles.textarea}
          rows={5}
          maxLength={GROUP_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <p className={styles.counter}>
          {description.length}/{GROUP_DESCRIPTION_MAX}
        </p>
        {fieldError('description')}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-repo`} className={styles.label}>
          Repository (optional)
        </label>
        <select
          id={`${id}-repo`}
          className={styles.input}
          value={pickedRepo}
          onChange={(event) => setPickedRepo(event.target.value)}
        >
          <option value="">None</option>
          {repos.data?.repos.map((repo) => (
            <option key={repo.fullName} value={repo.fullName}>
              {repo.fullName}
            </option>
          ))}
        </select>
        {repos.isError ? <p className={styles.hint}>Your repositories could not be loaded.</p> : null}
        <label htmlFor={`${id}-repo-url`} className={styles.subLabel}>
          or type a GitHub URL
        </label>
        <input
          id={`${id}-repo-url`}
          className={styles.input}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://github.com/owner/name"
          value={typedRepo}
          onChange={(event) => setTypedRepo(event.target.value)}
        />
        <p className={styles.hint}>A typed URL is used instead of the repository picked above.</p>
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-topics`} className={styles.label}>
          Topics
        </label>
        <div className={styles.topicBox}>
          <SelectedChips
            noun="topic"
            label="Chosen topics"
            values={topics}
            onRemove={(topic) => {
              setTopics(topics.filter((item) => item !== topic));
              topicInputRef.current?.focus();
            }}
          />
          <input
            ref={topicInputRef}
            {...field('topics')}
            aria-describedby={`${id}-topics-hint${errors.topics || topicError ? ` ${id}-topics-error` : ''}`}
            className={styles.topicInput}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={topics.length === 0 ? 'Type a topic, then Enter' : ''}
            value={topicText}
            onChange={(event) => {
              const { value } = event.target;
              setTopicError(null);
              // A comma ends a topic, typed or pasted ("rust, compilers").
              if (value.includes(',')) {
                const parts = value.split(',');
                const rest = parts.pop() ?? '';
                setTopicText(addTopics(parts) === null ? value : rest);
              } else {
                setTopicText(value);
              }
            }}
            onKeyDown={onTopicKeyDown}
          />
        </div>
        {shownSuggestions.length > 0 ? (
          <ul className={styles.suggestions} aria-label="Suggested topics">
            {shownSuggestions.map((option) => (
              <li key={option.value}>
                <button type="button" className={styles.suggestion} onClick={() => addTopic(option.value)}>
                  {option.value}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p id={`${id}-topics-hint`} className={styles.hint}>
          1 to {MAX_GROUP_TOPICS} topics. Enter or a comma adds one.
        </p>
        {errors.topics || topicError ? (
          <p id={`${id}-topics-error`} className={styles.error}>
            {topicError ?? errors.topics}
          </p>
        ) : null}
      </div>

      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-skill`} className={styles.label}>
            Skill level
          </label>
          <select
            id={`${id}-skill`}
            className={styles.input}
            value={skillLevel}
            onChange={(event) =>
              setSkillLevel(SKILL_LEVELS.find((level) => level === event.target.value) ?? 'Any level')
            }
          >
            {SKILL_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-maxMembers`} className={styles.label}>
            Maximum members (optional)
          </label>
          <input
            {...field('maxMembers')}
            className={styles.input}
            type="number"
            min={2}
            max={GROUP_MAX_MEMBERS_LIMIT}
            step={1}
            value={maxMembers}
            onChange={(event) => setMaxMembers(event.target.value)}
          />
          {fieldError('maxMembers')}
        </div>
      </div>

      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>Visibility</legend>
        <label className={styles.radio}>
          <input
            type="radio"
            name={`${id}-visibility`}
            checked={visibility === 'public'}
            onChange={() => setVisibility('public')}
          />
          Public: anyone can join
        </label>
        <label className={styles.radio}>
          <input
            type="radio"
            name={`${id}-visibility`}
            checked={visibility === 'private'}
            onChange={() => setVisibility('private')}
          />
          Private: you approve requests
        </label>
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={`${id}-discordUrl`} className={styles.label}>
          Discord invite URL (optional)
        </label>
        <input
          {...field('discordUrl')}
          className={styles.input}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://discord.gg/abc123"
          value={discordUrl}
          onChange={(event) => setDiscordUrl(event.target.value)}
        />
        {fieldError('discordUrl')}
      </div>

      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.primary}
          aria-disabled={post.isPending || undefined}
          aria-busy={post.isPending || undefined}
        >
          {post.isPending ? 'Posting...' : 'Post group'}
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
