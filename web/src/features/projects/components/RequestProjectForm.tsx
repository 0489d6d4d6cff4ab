import type { ProjectRequestResponse } from '@openlfg/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/session-context';
import { useRequestProject } from '../api/request-project';
import { parseRepositoryInput } from '../repo-url';
import styles from './RequestProjectForm.module.css';
import { FormActions } from '../../../components/FormActions';

export const REQUEST_FAILED_MESSAGE = 'Could not send the request, please try again.';

export interface RequestProjectFormProps {
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}

function successText({ repoExt, created }: ProjectRequestResponse): string {
  return created
    ? `Thanks! ${repoExt} is waiting for a moderator.`
    : `You already asked for ${repoExt}; it is waiting for a moderator.`;
}

/** The repository field, checked here first and then by the server, whose refusals show under the field. */
export function RequestProjectForm({ inputRef, onClose }: RequestProjectFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestProject();
  const { openLoginModal } = useSession();
  const { pathname, search } = useLocation();
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (request.isSuccess) doneRef.current?.focus();
  }, [request.isSuccess]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = parseRepositoryInput(value);
    if (!parsed.ok) {
      setError(parsed.message);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    request.mutate(
      { projectUrl: parsed.projectUrl },
      {
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 401) {
            onClose();
            openLoginModal(`${pathname}${search}`);
            return;
          }
          setError(errorMessage(failure, REQUEST_FAILED_MESSAGE, { clientErrorsOnly: true }));
          inputRef.current?.focus();
        },
      },
    );
  };

  if (request.isSuccess) {
    return (
      <div ref={doneRef} tabIndex={-1} className={styles.done}>
        <p role="status" className={styles.success}>
          {successText(request.data)}
        </p>
        {request.data.requesters > 1 ? (
          <p className={styles.hint}>{request.data.requesters} people have asked for it so far.</p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={onClose}>
            Done
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              request.reset();
              setValue('');
            }}
          >
            Request another
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <label htmlFor={`${id}-url`} className={styles.label}>
        GitHub repository URL
      </label>
      <input
        ref={inputRef}
        id={`${id}-url`}
        className={styles.input}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://github.com/owner/name"
        value={value}
        aria-invalid={error !== null}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(null);
        }}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <p id={hintId} className={styles.hint}>
        A public repository on github.com. Moderators check each request before it is listed.
      </p>
      <FormActions
        pending={request.isPending}
        submitLabel="Send request"
        pendingLabel="Sending..."
        onCancel={onClose}
      />
    </form>
  );
}
