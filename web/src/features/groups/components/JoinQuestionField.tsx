import { JOIN_QUESTION_MAX, type PostGroupBody } from '@openlfg/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PostFormValues } from '../post-form';
import styles from './PostGroupForm.module.css';

export const JOIN_QUESTION_HINT = 'Shown to people asking to join a private group; they can answer it.';

/** The owner's optional question to people asking to join, in the post and edit forms. */
export function JoinQuestionField({ id }: { id: string }) {
  const { register, control, formState } = useFormContext<PostFormValues, unknown, PostGroupBody>();
  const question = useWatch({ control, name: 'joinQuestion' });
  const error = formState.errors.joinQuestion?.message;
  const inputId = `${id}-joinQuestion`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        Question for people asking to join (optional)
      </label>
      <input
        {...register('joinQuestion')}
        id={inputId}
        className={styles.input}
        type="text"
        maxLength={JOIN_QUESTION_MAX}
        placeholder="What would you like to work on?"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
      />
      <p id={`${inputId}-hint`} className={styles.hint}>
        {JOIN_QUESTION_HINT} {question.length}/{JOIN_QUESTION_MAX}
      </p>
      {error ? (
        <p id={`${inputId}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
