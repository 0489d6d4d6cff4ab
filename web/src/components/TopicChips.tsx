import { Link } from 'react-router';
import styles from './TopicChips.module.css';

export interface TopicChipsProps {
  topics: readonly string[];
  /** What the list shows, for the buttons' hint: "projects", "groups". */
  what: string;
  /** The topics the list is filtered by: their buttons show as pressed. */
  selected?: readonly string[];
  /** Adds the topic to the filter or takes it out. Without it, each topic links to the list filtered by it. */
  onToggle?: (topic: string) => void;
  /** The list filtered by one topic, where a chip links when there is no filter to change in place. */
  hrefFor: (topic: string) => string;
}

/** A card's topics, each a way to see the others that share it: the same chips on project and group cards. */
export function TopicChips({ topics, what, selected = [], onToggle, hrefFor }: TopicChipsProps) {
  if (topics.length === 0) return null;
  return (
    <ul className={styles.topics} aria-label="Topics">
      {topics.map((topic) => {
        const pressed = selected.includes(topic);
        return (
          <li key={topic}>
            {onToggle ? (
              <button
                type="button"
                className={styles.topic}
                aria-pressed={pressed}
                title={pressed ? 'Remove this topic from the filter' : `Show only ${what} with this topic`}
                onClick={() => onToggle(topic)}
              >
                {topic}
              </button>
            ) : (
              <Link to={hrefFor(topic)} className={styles.topic}>
                {topic}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
