import { GROUP_MAX_MEMBERS_LIMIT, GROUP_TITLE_MAX, SKILL_LEVELS } from '@openlfg/contracts';
import type { GroupProject, PostGroupBody } from '@openlfg/contracts';
import { useId, useRef, type FormEvent, type RefObject } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { GroupPostPrefill } from '../../../lib/group-post-prefill';
import { errorMessage } from '../../../lib/error-message';
import { FOCUS_HEADING_STATE } from '../../../lib/heading-focus';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { usePublicRepos } from '../api/get-public-repos';
import { useEditGroup } from '../api/edit-group';
import { usePostGroup } from '../api/post-group';
import {
  CHECKED_FIELDS,
  EDIT_FAILED_MESSAGE,
  EMPTY_POST_FORM,
  formValuesOf,
  prefilledValues,
  POST_FAILED_MESSAGE,
  VISIBILITY_CHANGE_NOTES,
  postFormResolver,
  type CheckedField,
  type PostFormValues,
} from '../post-form';
import { DescriptionField } from './DescriptionField';
import { addTypedTopics, TopicsField } from './TopicsField';
import { JoinQuestionField } from './JoinQuestionField';
import { NeedsField } from './NeedsField';
import styles from './PostGroupForm.module.css';
import { FormActions } from '../../../components/FormActions';

export interface PostGroupFormProps {
  titleRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
  /** The group its owner edits, with its Discord link: the form starts filled with it and saves changes. */
  editing?: { group: GroupProject; discordUrl: string | null };
  /** A new group's fields filled in advance (from the address: a project's "Start a group for this project"). */
  prefill?: GroupPostPrefill | null;
}

/**
 * The posting form. Its values are checked by the contract's own schema and normalisers (`post-form.ts`), so it
 * accepts what the server accepts, in the same words; once sent, a field's error clears as soon as the field is
 * right. What the server still refuses shows at the top of the form.
 */
export function PostGroupForm({ titleRef, onClose, editing, prefill }: PostGroupFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const repos = usePublicRepos(isLoggedIn);
  const posting = usePostGroup();
  const editingGroup = useEditGroup();
  const post = editing ? editingGroup : posting;
  const topicInputRef = useRef<HTMLInputElement>(null);
  const serverErrorRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<PostFormValues, unknown, PostGroupBody>({
    defaultValues: editing
      ? formValuesOf(editing.group, editing.discordUrl)
      : prefill
        ? prefilledValues(prefill)
        : EMPTY_POST_FORM,
    resolver: postFormResolver,
    // The first refused field takes the focus in the order the form shows them (the topics input included).
    shouldFocusError: false,
    // Checked on the first send; from then on each field is checked again as it changes, so its error goes
    // as soon as it is right.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setError, control, formState } = form;
  const { errors } = formState;
  const [title, description, visibility] = useWatch({
    control,
    name: ['title', 'description', 'visibility'],
  });
  const visibilityNote =
    editing && visibility !== editing.group.visibility ? VISIBILITY_CHANGE_NOTES[visibility] : null;
  const serverError = errors.root?.server?.message;

  const onError = (failure: unknown) => {
    setError('root.server', {
      type: 'server',
      message: errorMessage(failure, editing ? EDIT_FAILED_MESSAGE : POST_FAILED_MESSAGE, {
        clientErrorsOnly: true,
      }),
    });
    serverErrorRef.current?.focus();
    requestAnimationFrame(() => serverErrorRef.current?.focus());
  };
  const send = (body: PostGroupBody) => {
    if (editing) {
      editingGroup.mutate(
        { ...body, groupProjectId: editing.group.groupProjectId },
        {
          onSuccess: () => {
            toast.success('Changes saved.');
            onClose();
          },
          onError,
        },
      );
      return;
    }
    posting.mutate(body, {
      onSuccess: (group) => {
        toast.success('Group posted.');
        onClose();
        void navigate(`/group-projects/${group.groupProjectId}`, { state: FOCUS_HEADING_STATE });
      },
      onError,
    });
  };

  const focusFirstRefused = (found: FieldErrors<PostFormValues>) => {
    const first = CHECKED_FIELDS.find((field) => found[field]);
    if (first === 'topics') topicInputRef.current?.focus();
    else if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (post.isPending) return;
    // A topic still in the field counts, as if Enter had been pressed.
    const pending = form.getValues('topicText');
    if (pending.trim() !== '') {
      if (!addTypedTopics(form, [pending])) {
        topicInputRef.current?.focus();
        return;
      }
      form.setValue('topicText', '');
    }
    void handleSubmit(send, focusFirstRefused)(event);
  };

  const field = (name: CheckedField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: CheckedField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={styles.error}>
        {errors[name].message}
      </p>
    ) : null;
  const titleField = register('title');

  return (
    <FormProvider {...form}>
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
            {...titleField}
            ref={(element) => {
              titleField.ref(element);
              titleRef.current = element;
            }}
            {...field('title')}
            className={styles.input}
            type="text"
            maxLength={GROUP_TITLE_MAX}
          />
          <p className={styles.counter} aria-live="polite">
            {title.length}/{GROUP_TITLE_MAX}
          </p>
          {fieldError('title')}
        </div>

        <DescriptionField
          id={id}
          value={description}
          textareaProps={{ ...register('description'), ...field('description') }}
          error={fieldError('description')}
        />

        <div className={styles.field}>
          <label htmlFor={`${id}-repo`} className={styles.label}>
            Repository (optional)
          </label>
          <select {...register('pickedRepo')} id={`${id}-repo`} className={styles.input}>
            <option value="">None</option>
            {repos.data?.repos.map((repo) => (
              <option key={repo.fullName} value={repo.fullName}>
                {repo.fullName}
              </option>
            ))}
          </select>
          {repos.isError ? <p className={styles.hint}>Your repositories could not be loaded.</p> : null}
          <label htmlFor={`${id}-typedRepo`} className={styles.subLabel}>
            or type a GitHub URL
          </label>
          <input
            {...register('typedRepo')}
            {...field('typedRepo')}
            className={styles.input}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://github.com/owner/name"
          />
          <p className={styles.hint}>A typed URL is used instead of the repository picked above.</p>
          {fieldError('typedRepo')}
        </div>

        <TopicsField id={id} inputRef={topicInputRef} />

        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-skillLevel`} className={styles.label}>
              Skill level
            </label>
            {/* React sets a select's first value itself; the default is given to it, as react-hook-form's. */}
            <select
              {...register('skillLevel')}
              {...field('skillLevel')}
              defaultValue={formState.defaultValues?.skillLevel}
              className={styles.input}
            >
              {SKILL_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
            {fieldError('skillLevel')}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-maxMembers`} className={styles.label}>
              Maximum members (optional)
            </label>
            <input
              {...register('maxMembers')}
              {...field('maxMembers')}
              className={styles.input}
              type="number"
              min={2}
              max={GROUP_MAX_MEMBERS_LIMIT}
              step={1}
            />
            {fieldError('maxMembers')}
          </div>
        </div>

        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>Visibility</legend>
          <label className={styles.radio}>
            <input {...register('visibility')} type="radio" value="public" />
            Public: anyone can join
          </label>
          <label className={styles.radio}>
            <input {...register('visibility')} type="radio" value="private" />
            Private: you approve requests
          </label>
          {visibilityNote ? (
            <p className={styles.hint} role="status">
              {visibilityNote}
            </p>
          ) : null}
          {fieldError('visibility')}
        </fieldset>

        <JoinQuestionField id={id} />

        <NeedsField id={id} />

        <div className={styles.field}>
          <label htmlFor={`${id}-discordUrl`} className={styles.label}>
            Discord invite URL (optional)
          </label>
          <input
            {...register('discordUrl')}
            {...field('discordUrl')}
            className={styles.input}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://discord.gg/abc123"
          />
          {fieldError('discordUrl')}
        </div>

        <FormActions
          pending={post.isPending}
          submitLabel={editing ? 'Save changes' : 'Post group'}
          pendingLabel={editing ? 'Saving...' : 'Posting...'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
