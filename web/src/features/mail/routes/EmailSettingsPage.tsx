import type { DigestFrequency, MailSettings, SavedMailSettings } from '@openlfg/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { FormActions } from '../../../components/FormActions';
import fields from '../../../components/FormField.module.css';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginButton } from '../../../session/components/LoginButton';
import { useSession } from '../../../session/session-context';
import { IssueAlertsList } from '../components/IssueAlertsList';
import { useMailLink, useMailSettings, useSaveMailSettings } from '../api/mail-settings';
import styles from './EmailSettingsPage.module.css';

/** "2:32 PM" today; "Sat, Nov 28, 2:32 PM" on another day (the daily limit), in the browser's time zone. */
function clockTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  return at.toLocaleString('en-US', {
    ...(today ? {} : { weekday: 'short', month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** What the page says of an address that is not confirmed yet. */
function unconfirmedHint(settings: MailSettings & { email: string }): string {
  const next = settings.confirmationNextAt;
  if (settings.confirmationPending) {
    return next
      ? `Not confirmed yet: the mail server did not take the confirmation mail for ${settings.email}. We try again at ${clockTime(next)}.`
      : `Not confirmed yet: the mail server did not take the confirmation mail for ${settings.email}. We try again in a few minutes.`;
  }
  return next
    ? `Not confirmed yet: open the link we sent to ${settings.email}. A confirmation mail can be sent again at ${clockTime(next)}.`
    : `Not confirmed yet: open the link we sent to ${settings.email}, or save again to resend it.`;
}

/** The toast after a save: saved, and what became of the confirmation mail. */
function savedMessage(saved: SavedMailSettings): string {
  if (saved.email === null) return 'Saved: we will not email you.';
  const next = saved.confirmationNextAt ? ` at ${clockTime(saved.confirmationNextAt)}` : ' shortly';
  switch (saved.confirmationMail) {
    case 'sent':
      return `Saved. Open the link we sent to ${saved.email} to start getting mail.`;
    case 'later':
      return `Saved. The next confirmation mail to ${saved.email} can go${next}.`;
    case 'pending':
      return `Saved. The mail server did not take the confirmation mail for ${saved.email}; we try again${next}.`;
    case 'none':
      return 'Saved.';
  }
}

const FREQUENCIES: { value: DigestFrequency; label: string }[] = [
  { value: 'instant', label: 'At once: a mail within a minute of something new' },
  { value: 'daily', label: 'Daily: at most one mail a day' },
  { value: 'off', label: 'Off: notifications only in the app' },
];

/**
 * /settings/email: the notification email (address, how often), and the pages the mail's links open:
 * /settings/email/confirm and /settings/email/unsubscribe, which work signed out (the link's token is enough).
 */
export function EmailSettingsPage() {
  const step = useParams()['*'];
  if (step === 'confirm' || step === 'unsubscribe') return <MailLinkPage kind={step} />;
  return <SettingsPage />;
}

function SettingsPage() {
  useDocumentTitle('Email settings');
  const { isLoggedIn, isLoginLoading } = useSession();
  return (
    <>
      <PageHeader title="Email settings">
        Get your notifications by email too: requests to join your groups, answers to yours, what happened to
        your groups, new issues like the ones you asked about.
      </PageHeader>
      {isLoginLoading ? (
        <Spinner />
      ) : isLoggedIn ? (
        <>
          <SettingsForm />
          <IssueAlertsList />
        </>
      ) : (
        <section className={styles.panel}>
          <p className={styles.status}>Sign in to choose how we email you.</p>
          <LoginButton returnTo="/settings/email" />
        </section>
      )}
    </>
  );
}

function SettingsForm() {
  const settings = useMailSettings(true);
  if (settings.isPending) return <Spinner size="large" label="Loading your email settings" />;
  if (settings.isError) {
    return (
      <ErrorState
        title="Your email settings could not be loaded."
        message={errorMessage(settings.error, 'Check your connection and try again.')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  if (!settings.data.available) {
    return (
      <section className={styles.panel}>
        <p className={styles.status}>
          This site has no mail server set up, so notifications stay in the app, under the bell.
        </p>
      </section>
    );
  }
  return <Form settings={settings.data} />;
}

function Form({ settings }: { settings: MailSettings }) {
  const save = useSaveMailSettings();
  const [email, setEmail] = useState(settings.email ?? '');
  const [digest, setDigest] = useState<DigestFrequency>(settings.digest);
  const [problem, setProblem] = useState<string | null>(null);
  const emailId = useId();
  const hintId = useId();
  const problemId = useId();
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const address = email.trim();
    // The browser's own reading of an address points out a typo in place; the server checks it as mail servers do.
    if (address !== '' && input.current?.validity.typeMismatch) {
      setProblem('Enter an email address such as ada@example.org.');
      input.current?.focus();
      return;
    }
    setProblem(null);
    save.mutate(
      { email: address === '' ? null : address, digest },
      {
        onSuccess: (saved) => toast.success(savedMessage(saved)),
        onError: (error) => setProblem(errorMessage(error, 'Your settings could not be saved. Try again.')),
      },
    );
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-label="Email settings">
      <div className={fields.field}>
        <label className={fields.label} htmlFor={emailId}>
          Email address
        </label>
        <input
          ref={input}
          id={emailId}
          className={fields.input}
          type="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
        />
        <p id={hintId} className={fields.hint}>
          {settings.email === null
            ? 'We send a link to confirm it first. Leave it empty to get no mail.'
            : settings.confirmed
              ? `Confirmed: we write to ${settings.email}.`
              : unconfirmedHint({ ...settings, email: settings.email })}
        </p>
      </div>
      <fieldset className={styles.choices}>
        <legend>How often</legend>
        {FREQUENCIES.map((frequency) => (
          <label key={frequency.value} className={styles.choice}>
            <input
              type="radio"
              name="digest"
              value={frequency.value}
              checked={digest === frequency.value}
              onChange={() => setDigest(frequency.value)}
            />
            {frequency.label}
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p id={problemId} className={fields.error} role="alert">
          {problem}
        </p>
      ) : null}
      <FormActions pending={save.isPending} submitLabel="Save" pendingLabel="Saving…" />
    </form>
  );
}

/**
 * A link from a mail. Confirming happens as the page opens (opening the link is the confirmation); unsubscribing
 * waits for the button, since mail scanners open links too and must not unsubscribe anyone.
 */
function MailLinkPage({ kind }: { kind: 'confirm' | 'unsubscribe' }) {
  const confirming = kind === 'confirm';
  useDocumentTitle(confirming ? 'Confirm your email' : 'Unsubscribe');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const link = useMailLink(kind);
  const started = useRef(false);
  useEffect(() => {
    if (!confirming || started.current || token === '') return;
    started.current = true;
    link.mutate(token);
  }, [confirming, token, link]);

  let body;
  if (token === '') {
    body = <p className={styles.status}>This link is incomplete: open it again from the mail.</p>;
  } else if (link.isSuccess) {
    body = (
      <p className={styles.status} role="status">
        {confirming
          ? `Confirmed: notifications will be mailed to ${link.data.email}.`
          : `Unsubscribed: no more mail to ${link.data.email}.`}{' '}
        <Link to="/settings/email">Email settings</Link>
      </p>
    );
  } else if (link.isError) {
    body = (
      <p className={fields.error} role="alert">
        {errorMessage(link.error, 'Something went wrong. Try the link again.')}
      </p>
    );
  } else if (confirming) {
    body = <Spinner label="Confirming your email" />;
  } else {
    body = (
      <>
        <p className={styles.status}>Stop notification mail to this address?</p>
        <div className={fields.actions}>
          <button
            type="button"
            className={fields.primary}
            aria-disabled={link.isPending || undefined}
            onClick={() => {
              if (!link.isPending) link.mutate(token);
            }}
          >
            {link.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader title={confirming ? 'Confirm your email' : 'Unsubscribe'} />
      <section className={styles.panel}>{body}</section>
    </>
  );
}
