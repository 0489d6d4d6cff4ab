import { MAX_FILTER_TOPICS } from '@openlfg/contracts';
import { toast } from './toast';

/**
 * The filter's topics after a topic chip on a card is pressed: the topic added, or taken out when it was in.
 * Null (with a word to the user) when the filter already holds the most topics it can.
 */
export function toggledTopics(current: readonly string[], topic: string): string[] | null {
  if (current.includes(topic)) return current.filter((item) => item !== topic);
  if (current.length >= MAX_FILTER_TOPICS) {
    toast.info(`You can filter by up to ${MAX_FILTER_TOPICS} topics.`);
    return null;
  }
  return [...current, topic];
}
