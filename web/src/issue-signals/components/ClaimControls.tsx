import { CLAIM_DAYS, MAX_ACTIVE_CLAIMS, type ErrorCode, type IssueClaimInfo } from '@openlfg/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { formatShortDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSession } from '../../session/session-context';
import { useSignInPrompt } from '../../session/use-sign-in-prompt';
import { useClaimIssue, useReleaseClaim } from '../api/claim-issue';
import { useMyClaims } from '../api/get-my-claims';
import { openPendingGitHubTab } from '../github-comment';
import buttons from '../../components/buttons.module.css';
import styles from './ClaimControls.module.css';

/** The server's refusal of a claim past the limit (a type import: the error schemas stay out of the bundle). */
const CLAIM_LIMIT_CODE: ErrorCode = 'CLAIM_LIMIT';

export const CLAIM_FAILED_MESSAGE = 'Could not claim the issue, please try again.';
export const RELEASE_FAILED_MESSAGE = 'Could not release the issue, please try again.';
export const RENEW_FAILED_MESSAGE = 'Could not renew your claim, please try again.';
/** Where the user's claims are listed (the finder's "My claims" tab). */
export const MY_CLAIMS_PATH = '/issues?view=claims';

export function claimLimitMessage(limit: number): string {
  return `You are already working on ${limit} issues, the most you can claim at once. Release one in My claims to claim this one.`;
}

export interface ClaimableIssue {
  issueId: number;
  title: string;
  url: string;
  /** The user's own claim when they hold one, else someone else's; null when nobody claimed it here. */
  claim: IssueClaimInfo | null;
}

export interface ClaimControlsProps {
  issue: ClaimableIssue;
}

/**
 * "I'm working on this" with its "Also say so on GitHub" checkbox, or "Release" for the user's own claim.
 * Signed out, the button asks the user to sign in, coming back to this page. At the claim limit it explains the
 * limit instead of claiming (and the server's refusal says the same).
 */
// The claim and release mutations load every cached finder page and issues dialog again themselves.
export function ClaimControls({ issue }: ClaimControlsProps) {
  const { isLoggedIn } = useSession();
  const account = useSignInPrompt();
  const myClaims = useMyClaims();
  const claim = useClaimIssue();
  const release = useReleaseClaim();
  const [alsoOnGitHub, setAlsoOnGitHub] = useState(false);
  const [limitReached, setLimitReached] = useState(false);
  const limitId = useId();
  const busy = claim.isPending || release.isPending;
  const mine = isLoggedIn && Boolean(issue.claim?.mine);
  // The button that replaces the one used takes focus once it shows (Release after a claim, the claim
  // button after a release), so focus does not fall to the page's body.
  const focusNext = useRef<'release' | 'claim' | null>(null);
  const releaseRef = useRef<HTMLButtonElement>(null);
  const claimRef = useRef<HTMLButtonElement>(null);
  // After every render: the issue's new state may show in a later render than the mutation's answer.
  useEffect(() => {
    const target =
      focusNext.current === 'release' && mine
        ? releaseRef
        : focusNext.current === 'claim' && !mine
          ? claimRef
          : null;
    if (!target) return;
    focusNext.current = null;
    target.current?.focus();
  });

  if (mine && issue.claim) {
    const until = formatShortDate(new Date(issue.claim.expiresAt));
    const onRelease = () => {
      if (busy) return;
      release.mutate(issue.issueId, {
        onSuccess: () => {
          focusNext.current = 'claim';
          toast.success(`You released “${issue.title}”.`);
        },
        onError: (error) => toast.error(errorMessage(error, RELEASE_FAILED_MESSAGE)),
      });
    };
    const onRenew = () => {
      if (busy) return;
      claim.mutate(
        { issueId: issue.issueId, renew: true },
        {
          onSuccess: () => {
            toast.success(`Renewed: others see you on it for ${CLAIM_DAYS} more days.`);
          },
          onError: (error) => toast.error(errorMessage(error, RENEW_FAILED_MESSAGE)),
        },
      );
    };
    return (
      <div className={styles.controls}>
        <p className={styles.mine}>You are working on this until {until}.</p>
        <button type="button" className={buttons.action} aria-disabled={busy || undefined} onClick={onRenew}>
          {claim.isPending ? 'Renewing…' : `Renew for ${CLAIM_DAYS} days`}
          <VisuallyHidden>: {issue.title}</VisuallyHidden>
        </button>
        <button
          ref={releaseRef}
          type="button"
          className={buttons.action}
          aria-disabled={busy || undefined}
          onClick={onRelease}
        >
          {release.isPending ? 'Releasing…' : 'Release'}
          <VisuallyHidden> {issue.title}</VisuallyHidden>
        </button>
      </div>
    );
  }

  const onClaim = () => {
    if (busy) return;
    account.whenSignedIn(claimIt);
  };
  // Pressed before the session settled, this runs once it has: the claim limit is then the server's to tell.
  const claimIt = () => {
    if (myClaims.data && myClaims.data.data.length >= myClaims.data.limit) {
      setLimitReached(true);
      return;
    }
    const tab = alsoOnGitHub ? openPendingGitHubTab() : null;
    claim.mutate(
      { issueId: issue.issueId },
      {
        onSuccess: () => {
          setLimitReached(false);
          focusNext.current = 'release';
          tab?.show(issue.url);
          toast.success(
            tab
              ? `You are on it for ${CLAIM_DAYS} days. Your comment is copied: paste it on GitHub.`
              : `You are on it: others see it as claimed for ${CLAIM_DAYS} days.`,
          );
        },
        onError: (error) => {
          tab?.cancel();
          if (isApiError(error) && error.code === CLAIM_LIMIT_CODE) setLimitReached(true);
          else toast.error(errorMessage(error, CLAIM_FAILED_MESSAGE));
        },
      },
    );
  };

  return (
    <div className={styles.controls}>
      <button
        ref={claimRef}
        type="button"
        className={buttons.primary}
        aria-disabled={busy || undefined}
        aria-describedby={limitReached ? limitId : undefined}
        onClick={onClaim}
      >
        {claim.isPending ? 'Claiming…' : 'I’m working on this'}
        <VisuallyHidden>: {issue.title}</VisuallyHidden>
      </button>
      <label className={styles.github}>
        <input
          type="checkbox"
          checked={alsoOnGitHub}
          onChange={(event) => setAlsoOnGitHub(event.target.checked)}
        />
        Also say so on GitHub<VisuallyHidden> (opens the issue in a new tab)</VisuallyHidden>
      </label>
      {limitReached ? (
        <p id={limitId} role="alert" className={styles.limit}>
          {claimLimitMessage(myClaims.data?.limit ?? MAX_ACTIVE_CLAIMS)}{' '}
          <Link to={MY_CLAIMS_PATH}>My claims</Link>
        </p>
      ) : null}
    </div>
  );
}
