import { copyText } from '../../../lib/copy-text';
import { toast } from '../../../lib/toast';
import buttons from '../../../components/buttons.module.css';

export const LINK_COPIED_MESSAGE = 'Link copied';

/** The address of a group's page, as shared (its link preview comes from the server). */
export function groupPageUrl(groupProjectId: number): string {
  return `${window.location.origin}/group-projects/${groupProjectId}`;
}

/**
 * "Copy link": the group page's address to the clipboard, with a toast. A browser that refuses both ways of
 * copying gets the address in the toast, to copy by hand.
 */
export function CopyLinkButton({ group }: { group: { groupProjectId: number; title: string } }) {
  const copy = async () => {
    const url = groupPageUrl(group.groupProjectId);
    if (await copyText(url)) toast.success(LINK_COPIED_MESSAGE);
    else toast.info(`Copy this link: ${url}`);
  };
  return (
    <button
      type="button"
      className={buttons.action}
      aria-label={`Copy link to ${group.title}`}
      onClick={() => void copy()}
    >
      Copy link
    </button>
  );
}
