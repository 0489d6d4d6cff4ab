import { useId, useState, type FormEvent, type RefObject } from 'react';
import { FormActions } from '../../../components/FormActions';
import { ReasonField } from '../../../components/ReasonField';
import { errorMessage } from '../../../lib/error-message';
import styles from './PostGroupForm.module.css';

export interface TextAnswerFormProps {
  label: string;
  maxLength: number;
  /** Said when the text is left blank; without it, blank is fine and sent as nothing. */
  blankMessage?: string;
  submitLabel: string;
  pendingLabel: string;
  /** Said when sending fails without the server's own words. */
  failedMessage: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Sends the trimmed text (undefined when blank); a refusal keeps the form open with its message. */
  send: (text: string | undefined) => Promise<unknown>;
  onCancel: () => void;
}

/** One free-text answer in a dialog (a report's reason, a request's message), with its count and its errors. */
export function TextAnswerForm({
  label,
  maxLength,
  blankMessage,
  submitLabel,
  pendingLabel,
  failedMessage,
  inputRef,
  send,
  onCancel,
}: TextAnswerFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const answer = text.trim();
    if (answer === '' && blankMessage) {
      setError(blankMessage);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      await send(answer === '' ? undefined : answer);
    } catch (failure) {
      setError(errorMessage(failure, failedMessage, { clientErrorsOnly: true }));
      inputRef.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <ReasonField
        id={id}
        label={label}
        value={text}
        onChange={(value) => {
          setText(value);
          if (error) setError(null);
        }}
        maxLength={maxLength}
        required={blankMessage !== undefined}
        error={error}
        inputRef={inputRef}
      />
      <FormActions
        pending={pending}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        onCancel={onCancel}
      />
    </form>
  );
}
