import { VisuallyHidden } from './VisuallyHidden';
import buttons from './buttons.module.css';

export interface SaveToggleButtonProps {
  /** The item's name, read after "Save" by screen readers ("Save React"). */
  name: string;
  /** Whether the user's saved list holds the item; undefined until it has loaded. */
  inSavedList: boolean | undefined;
  /** The save mutation: while it runs, what it asked for shows; once done, its answer until the list reloads. */
  mutation: {
    isPending: boolean;
    isSuccess: boolean;
    variables: { save: boolean } | undefined;
    data: { saved: boolean } | undefined;
  };
  onToggle: (save: boolean) => void;
  /** Who is asking (the session's useSignInPrompt): signed in or not (null until known), and the way to sign in. */
  account: SignInPrompt;
}

/** Whether someone is signed in (null until known), and how to ask them to sign in, coming back here after. */
export interface SignInPrompt {
  signedIn: boolean | null;
  askToSignIn: () => void;
  /**
   * A press that needs an account: runs `action` for a signed-in user and asks anyone else to sign in, at once or,
   * pressed before the session has settled, as soon as it has.
   */
  whenSignedIn: (action: () => void) => void;
}

/**
 * "Save" / "Saved", a toggle button for projects and group projects alike. Signed out, it asks the user to sign
 * in (coming back to this page); signed in, it changes at once and changes back if the server refuses.
 */
export function SaveToggleButton({ name, inSavedList, mutation, onToggle, account }: SaveToggleButtonProps) {
  const saved =
    mutation.isPending && mutation.variables
      ? mutation.variables.save
      : (inSavedList ?? (mutation.isSuccess && mutation.data ? mutation.data.saved : false));

  const onClick = () => {
    if (mutation.isPending) return;
    // What the button showed when pressed is what the user asked for, even if the session settles later.
    const save = !saved;
    account.whenSignedIn(() => onToggle(save));
  };

  return (
    <button
      type="button"
      className={saved ? `${buttons.action} ${buttons.saved}` : buttons.action}
      aria-pressed={account.signedIn ? saved : false}
      onClick={onClick}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {saved ? 'Saved' : 'Save'}
      <VisuallyHidden> {name}</VisuallyHidden>
    </button>
  );
}
