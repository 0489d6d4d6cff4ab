import {
  formatUtcOffset,
  HOURS_PER_WEEK_MAX,
  PROFILE_LEARNING_MAX,
  PROFILE_PITCH_MAX,
  PROFILE_VISIBILITIES,
  utcOffsetMinutes,
  type OwnProfile,
} from '@openlfg/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormActions } from '../../../components/FormActions';
import fields from '../../../components/FormField.module.css';
import { PageHeader } from '../../../components/PageHeader';
import { QueryErrorState } from '../../../components/QueryErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { profileHref } from '../../../lib/profile-links';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOwnProfile } from '../../../session/api/own-profile';
import { LoginButton } from '../../../session/components/LoginButton';
import { useSession } from '../../../session/session-context';
import { useSaveProfile } from '../api/user-profile';
import {
  browserTimezone,
  checkProfile,
  PROFILE_FIELDS,
  profileFormValues,
  type ProfileField,
  type ProfileFormValues,
} from '../profile-form';
import styles from './ProfileSettingsPage.module.css';

/** /settings/profile: one's own profile, every field but the GitHub ones optional. */
export function ProfileSettingsPage() {
  useDocumentTitle('Your profile');
  const { isLoggedIn, isLoginLoading } = useSession();
  return (
    <>
      <PageHeader title="Your profile">
        What you work with and when, so groups that need you can find you and you can find them. Only your
        avatar and name come from GitHub; everything else is yours to fill in or leave out.
      </PageHeader>
      {isLoginLoading ? (
        <Spinner />
      ) : isLoggedIn ? (
        <Loaded />
      ) : (
        <section className={styles.panel}>
          <p>Sign in to fill in your profile.</p>
          <LoginButton returnTo="/settings/profile" />
        </section>
      )}
    </>
  );
}

function Loaded() {
  const profile = useOwnProfile(true);
  if (profile.isPending) return <Spinner size="large" label="Loading your profile" />;
  if (profile.isError) return <QueryErrorState query={profile} what="profile" />;
  return <ProfileForm profile={profile.data} />;
}

export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const id = useId();
  const suggested = browserTimezone();
  const save = useSaveProfile();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile, suggested));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const check = checkProfile(values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = PROFILE_FIELDS.find((field) => check.errors[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setProblem(null);
    save.mutate(check.body, {
      onSuccess: () => toast.success('Profile saved.'),
      onError: (error) => setProblem(errorMessage(error, 'Your profile could not be saved. Try again.')),
    });
  };

  const describe = (field: ProfileField, hint = false) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [hint ? `${id}-${field}-hint` : null, errors[field] ? `${id}-${field}-error` : null]
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const error = (field: ProfileField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={fields.error}>
        {errors[field]}
      </p>
    ) : null;
  const offset = values.timezone.trim() === '' ? null : utcOffsetMinutes(values.timezone.trim());

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-label="Your profile">
      <p className={fields.hint}>
        From your public repositories on GitHub:{' '}
        {profile.languages.length > 0 ? profile.languages.join(', ') : 'no languages yet'}
        {profile.topics.length > 0 ? `; topics ${profile.topics.join(', ')}` : ''}. Saving reads them again.
      </p>

      <div className={fields.field}>
        <label className={fields.label} htmlFor={`${id}-skills`}>
          Skills you add
        </label>
        <input
          {...describe('skills', true)}
          className={fields.input}
          type="text"
          autoComplete="off"
          value={values.skills}
          placeholder="typescript, design, docs"
          onChange={(event) => set('skills', event.target.value)}
        />
        <p id={`${id}-skills-hint`} className={fields.hint}>
          Topic names, separated by commas: matched with what groups need.
        </p>
        {error('skills')}
      </div>

      <div className={styles.row}>
        <div className={fields.field}>
          <label className={fields.label} htmlFor={`${id}-timezone`}>
            Timezone
          </label>
          <input
            {...describe('timezone', true)}
            className={fields.input}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={values.timezone}
            placeholder="Europe/Berlin"
            onChange={(event) => set('timezone', event.target.value)}
          />
          <p id={`${id}-timezone-hint`} className={fields.hint}>
            {offset !== null ? `${formatUtcOffset(offset)} now. ` : ''}
            {suggested && profile.timezone === null ? `Suggested from your browser: ${suggested}. ` : ''}
            Leave it empty to keep it to yourself.
          </p>
          {error('timezone')}
        </div>
        <div className={fields.field}>
          <label className={fields.label} htmlFor={`${id}-hoursPerWeek`}>
            Hours a week
          </label>
          <input
            {...describe('hoursPerWeek')}
            className={fields.input}
            type="number"
            min={1}
            max={HOURS_PER_WEEK_MAX}
            step={1}
            value={values.hoursPerWeek}
            onChange={(event) => set('hoursPerWeek', event.target.value)}
          />
          {error('hoursPerWeek')}
        </div>
      </div>

      <div className={fields.field}>
        <label className={fields.label} htmlFor={`${id}-learning`}>
          What you want to learn
        </label>
        <input
          {...describe('learning')}
          className={fields.input}
          type="text"
          maxLength={PROFILE_LEARNING_MAX}
          value={values.learning}
          onChange={(event) => set('learning', event.target.value)}
        />
        {error('learning')}
      </div>

      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={values.lookingForGroup}
          onChange={(event) => set('lookingForGroup', event.target.checked)}
        />
        Looking for a group
      </label>
      <div className={fields.field}>
        <label className={fields.label} htmlFor={`${id}-pitch`}>
          Your pitch
        </label>
        <textarea
          {...describe('pitch', true)}
          className={fields.textarea}
          rows={3}
          maxLength={PROFILE_PITCH_MAX}
          value={values.pitch}
          onChange={(event) => set('pitch', event.target.value)}
        />
        <p id={`${id}-pitch-hint`} className={fields.hint}>
          A line or two for group owners. {values.pitch.length}/{PROFILE_PITCH_MAX}
        </p>
        {error('pitch')}
      </div>

      <fieldset className={styles.choices}>
        <legend className={fields.label}>Who sees your profile</legend>
        {PROFILE_VISIBILITIES.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-visibleTo`}
              value={choice.value}
              checked={values.visibleTo === choice.value}
              onChange={() => set('visibleTo', choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend className={fields.label}>Also show</legend>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={values.showClaims}
            onChange={(event) => set('showClaims', event.target.checked)}
          />
          The issues I claim
        </label>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={values.showMentoring}
            onChange={(event) => set('showMentoring', event.target.checked)}
          />
          The projects I mentor
        </label>
      </fieldset>

      {problem ? (
        <p className={fields.error} role="alert">
          {problem}
        </p>
      ) : null}
      <FormActions pending={save.isPending} submitLabel="Save profile" pendingLabel="Saving…">
        <Link to={profileHref(profile.login)}>See your profile</Link>
      </FormActions>
    </form>
  );
}
