import type { GroupSummary, GroupViewer } from '@openlfg/contracts';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Highlight } from '../../../components/Highlight';
import type { CardColour } from '../../../components/card-colour';
import { TopicChips } from '../../../components/TopicChips';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatRelativeTime } from '../../../lib/format';
import { WithRenderClock } from '../../../lib/render-clock';
import { editedText } from '../group-text';
import { offersTo } from '../viewer';
import { CopyLinkButton } from './CopyLinkButton';
import { GroupBadges } from './GroupBadges';
import { GroupFigures } from './GroupFigures';
import { GroupNeeds } from './GroupNeeds';
import { profileHref } from '../../../lib/profile-links';
import { GroupSaveButton } from './GroupSaveButton';
import { MembershipActions } from './MembershipActions';
import styles from './GroupCard.module.css';

export interface GroupCardProps {
  group: GroupSummary;
  colour: CardColour;
  /** The server's word on what the viewer may do to the group; undefined while it loads. */
  viewer: GroupViewer | undefined;
  /** An extra badge (the viewer's role on My projects). */
  badge?: ReactNode;
  /** The topics the list is filtered by, shown pressed. */
  selectedTopics?: readonly string[];
  /** Filters the list by a topic in place; without it a topic links to the group list filtered by it. */
  onTopicToggle?: (topic: string) => void;
}

/** What the Demo badge means, for its tooltip and for screen readers. */
export const DEMO_GROUP_TEXT =
  'a made-up group of the demo data, gone once the catalogue is imported or synced with GitHub';

/** The group list filtered by one topic. */
export function groupTopicHref(topic: string): string {
  return `/group-projects?topics=${encodeURIComponent(topic)}`;
}

export function GroupCard({ group, colour, viewer, badge, selectedTopics, onTopicToggle }: GroupCardProps) {
  const headingId = useId();
  return (
    <article className={`${styles.card} ${styles[colour]}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h3 id={headingId} className={styles.name}>
          <Link to={`/group-projects/${group.groupProjectId}`} className={styles.nameLink}>
            <Highlight text={group.title} />
          </Link>
        </h3>
        <div className={styles.badges}>
          {group.isDemo ? (
            <span className={styles.badgeDemo} title={DEMO_GROUP_TEXT}>
              Demo<VisuallyHidden>: {DEMO_GROUP_TEXT}</VisuallyHidden>
            </span>
          ) : null}
          {badge}
          <GroupBadges group={group} viewer={viewer} />
        </div>
      </div>
      <p className={styles.meta}>
        <VisuallyHidden>Posted by </VisuallyHidden>
        <Link to={profileHref(group.owner.login)} className={styles.owner}>
          {group.owner.login}
        </Link>
        <span aria-hidden="true"> · </span>
        <WithRenderClock>
          {(clock) => (
            <>
              <span>{formatRelativeTime(group.datePosted, clock.now, clock.timeZone)}</span>
              {group.editedAt ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span>{editedText(group, clock)}</span>
                </>
              ) : null}
            </>
          )}
        </WithRenderClock>
      </p>
      <p className={styles.description}>
        <Highlight text={group.excerpt} />
      </p>
      <TopicChips
        topics={group.topics}
        what="groups"
        selected={selectedTopics}
        onToggle={onTopicToggle}
        hrefFor={groupTopicHref}
      />
      <GroupFigures group={group} />
      <GroupNeeds group={group} />
      <div className={styles.actions}>
        <MembershipActions group={group} viewer={viewer} />
        {viewer && offersTo(viewer).save ? <GroupSaveButton group={group} /> : null}
        <CopyLinkButton group={group} />
      </div>
    </article>
  );
}
