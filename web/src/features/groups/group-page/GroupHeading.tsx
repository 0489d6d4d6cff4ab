import type { GroupProject, GroupViewer } from '@openlfg/contracts';
import { Link } from 'react-router';
import { LazyMarkdown } from '../../../components/markdown/LazyMarkdown';
import { TopicChips } from '../../../components/TopicChips';
import { formatRelativeTime } from '../../../lib/format';
import { useHeadingFocus } from '../../../lib/heading-focus';
import { useRenderClock } from '../../../lib/render-clock';
import { groupTopicHref } from '../components/GroupCard';
import { GroupBadges } from '../components/GroupBadges';
import { GroupFigures } from '../components/GroupFigures';
import { GroupNeeds } from '../components/GroupNeeds';
import { profileHref } from '../../../lib/profile-links';
import { editedText } from '../group-text';
import styles from '../components/GroupPage.module.css';

export function GroupHeading({ group, viewer }: { group: GroupProject; viewer?: GroupViewer }) {
  const headingRef = useHeadingFocus<HTMLHeadingElement>();
  // The server's clock while the page is taken over, so both write the same text (lib/render-clock.tsx).
  const clock = useRenderClock();
  return (
    <header className={styles.header}>
      <p className={styles.eyebrow}>
        <Link to="/group-projects" className={styles.link}>
          Looking for group
        </Link>
      </p>
      <div className={styles.titleRow}>
        <h1 ref={headingRef} className={styles.title} tabIndex={-1}>
          {group.title}
        </h1>
        <GroupBadges group={group} viewer={viewer} />
      </div>
      <>
        <p className={styles.muted}>
          Posted by{' '}
          <Link to={profileHref(group.owner.login)} className={styles.login}>
            {group.owner.login}
          </Link>{' '}
          {formatRelativeTime(group.datePosted, clock.now, clock.timeZone)}
          {group.editedAt ? ` · ${editedText(group, clock) ?? ''}` : null}
        </p>
        {group.description ? <LazyMarkdown source={group.description} /> : null}
        <TopicChips topics={group.topics} what="groups" hrefFor={groupTopicHref} />
        <GroupFigures group={group} onPage />
        <GroupNeeds group={group} />
      </>
    </header>
  );
}
