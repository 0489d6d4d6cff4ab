import { TopicChips } from '../../../components/TopicChips';

export interface ProjectTopicsProps {
  topics: readonly string[];
  /** The topics the list is filtered by: their buttons show as pressed. */
  selected?: readonly string[];
  /** Adds the topic to the filter or takes it out. Without it, each topic links to the list filtered by it. */
  onToggle?: (topic: string) => void;
}

/** A project's topics, each a way to see the projects that share it. */
export function ProjectTopics({ topics, selected, onToggle }: ProjectTopicsProps) {
  return (
    <TopicChips
      topics={topics}
      what="projects"
      selected={selected}
      onToggle={onToggle}
      hrefFor={(topic) => `/?topics=${encodeURIComponent(topic)}`}
    />
  );
}
