import {
  formatUtcOffset,
  HOURS_PER_WEEK_MAX,
  UTC_OFFSET_CHOICES,
  type PostGroupBody,
} from '@openlfg/contracts';
import { useFormContext } from 'react-hook-form';
import type { PostFormValues } from '../post-form';
import styles from './PostGroupForm.module.css';

/** What the group needs, in the post and edit forms: skills or roles wanted, a timezone window, hours a week. */
export function NeedsField({ id }: { id: string }) {
  const { register, formState } = useFormContext<PostFormValues, unknown, PostGroupBody>();
  const { errors } = formState;
  const described = (name: 'needsSkills' | 'timezoneFrom' | 'needsHours', hint?: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });
  const error = (name: 'needsSkills' | 'timezoneFrom' | 'needsHours') =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={styles.error}>
        {errors[name].message}
      </p>
    ) : null;
  const offsets = UTC_OFFSET_CHOICES.map((offset) => (
    <option key={offset} value={String(offset)}>
      {formatUtcOffset(offset)}
    </option>
  ));
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>What the group needs (optional)</legend>
      <div className={styles.field}>
        <label htmlFor={`${id}-needsSkills`} className={styles.subLabel}>
          Skills or roles wanted
        </label>
        <input
          {...register('needsSkills')}
          {...described('needsSkills', `${id}-needsSkills-hint`)}
          className={styles.input}
          type="text"
          autoComplete="off"
          placeholder="typescript, design, docs"
        />
        <p id={`${id}-needsSkills-hint`} className={styles.hint}>
          Topic names, separated by commas. People with these skills see the group under Groups for you.
        </p>
        {error('needsSkills')}
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-timezoneFrom`} className={styles.subLabel}>
            Timezones from
          </label>
          <select
            {...register('timezoneFrom')}
            {...described('timezoneFrom', `${id}-timezone-hint`)}
            className={styles.input}
          >
            <option value="">Any timezone</option>
            {offsets}
          </select>
          {error('timezoneFrom')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-timezoneTo`} className={styles.subLabel}>
            to
          </label>
          <select
            {...register('timezoneTo')}
            id={`${id}-timezoneTo`}
            aria-describedby={`${id}-timezone-hint`}
            className={styles.input}
          >
            <option value="">Any timezone</option>
            {offsets}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-needsHours`} className={styles.subLabel}>
            Hours a week
          </label>
          <input
            {...register('needsHours')}
            {...described('needsHours')}
            className={styles.input}
            type="number"
            min={1}
            max={HOURS_PER_WEEK_MAX}
            step={1}
          />
          {error('needsHours')}
        </div>
      </div>
      <p id={`${id}-timezone-hint`} className={styles.hint}>
        The window runs east from its first end: UTC+10 to UTC-8 crosses the date line, over the Pacific.
      </p>
    </fieldset>
  );
}
