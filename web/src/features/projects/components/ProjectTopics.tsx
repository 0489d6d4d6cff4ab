import { Link } from 'react-router';
import styles from './ProjectTopics.module.css';

export interface ProjectTopicsProps {
  topics: readonly string[];
  /** The topics the list is filtered by: their buttons show as pressed. */
  selected?: readonly string[];
  /** Adds the topic to the filter or takes it out. Without it, each topic links to the list filtered by it. */
  onToggle?: (topic: string) => void;
}

/** A project's topics, each a way to see the projects that share it. */
export function ProjectTopics({ topics, selected = [], onToggle }: ProjectTopicsProps) {
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
                title={pressed ? 'Remove this topic from the filter' : 'Show only projects with this topic'}
                onClick={() => onToggle(topic)}
              >
                {topic}
              </button>
            ) : (
              <Link to={`/?topics=${encodeURIComponent(topic)}`} className={styles.topic}>
                {topic}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
