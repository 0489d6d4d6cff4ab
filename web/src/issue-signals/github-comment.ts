/** What "Also say so on GitHub" asks the user to post on the issue. */
export const CLAIM_COMMENT = "Hi! I'd like to work on this issue. I have marked it as claimed on OpenLFG.";

export interface PendingTab {
  /** Shows the issue's comment box in the tab. */
  show: (issueUrl: string) => void;
  /** Closes the tab (the claim failed). */
  cancel: () => void;
}

/**
 * A new tab, opened while the click is being handled (browsers block a tab opened later, after the claim's answer,
 * as a pop-up), that shows the GitHub issue once the claim has succeeded. GitHub has no address that fills in an
 * issue comment, so the comment goes to the clipboard, ready to paste. The tab cannot reach back to this page.
 * The server never writes to GitHub.
 */
export function openPendingGitHubTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    show: (issueUrl) => {
      void navigator.clipboard?.writeText(CLAIM_COMMENT).catch(() => undefined);
      if (tab) tab.location.href = `${issueUrl}#new_comment_field`;
      else window.open(`${issueUrl}#new_comment_field`, '_blank', 'noopener,noreferrer');
    },
    cancel: () => tab?.close(),
  };
}
