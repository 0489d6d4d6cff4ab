import type { GroupSummary } from '@openlfg/contracts';
import type { ReactNode } from 'react';

/** The project a slot is about. */
export interface ProjectSlot {
  projectId: number;
  /** `owner/name` on GitHub. */
  repoExt: string;
  name: string;
}

/**
 * What other features show on a project's page, filled by the route in app/routes (features do not import each
 * other): its issues (the finder's list), the groups around it (the groups' cards), and later its room and mentors.
 */
export interface ProjectPageSlots {
  renderIssues: (slot: ProjectSlot) => ReactNode;
  renderGroups: (slot: ProjectSlot & { groups: GroupSummary[]; label: string }) => ReactNode;
  /** The project's public discussion board. */
  renderRoom?: (slot: ProjectSlot) => ReactNode;
  /** The project's mentors. */
  renderMentors?: (slot: ProjectSlot) => ReactNode;
  /** What an unknown `owner/name` shows: the site's not-found page. */
  renderNotFound: () => ReactNode;
}
