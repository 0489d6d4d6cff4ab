import type { GroupProject } from '@openlfg/contracts';
import { Link } from 'react-router';
import { projectPageHref } from '../../../lib/project-links';
import styles from '../components/GroupPage.module.css';

/** The group's project (its page here, and its repository on GitHub) and Discord links, when it has either. */
export function GroupLinks({ group, discordUrl }: { group: GroupProject; discordUrl: string | null }) {
  if (!group.repoExt && !discordUrl) return null;
  return (
    <section className={styles.section} aria-labelledby="group-links-heading">
      <h2 id="group-links-heading" className={styles.sectionHeading}>
        Links
      </h2>
      <ul className={styles.links}>
        {group.repoExt ? (
          <>
            <li>
              <Link to={projectPageHref(group.repoExt)} className={styles.link}>
                Project: {group.repoExt}
              </Link>
            </li>
            <li>
              <a
                href={`https://github.com/${group.repoExt}`}
                target="_blank"
                rel="noreferrer"
                className={styles.link}
              >
                Repository on GitHub
              </a>
            </li>
          </>
        ) : null}
        {discordUrl ? (
          <li>
            <a href={discordUrl} target="_blank" rel="noreferrer" className={styles.link}>
              Discord
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
