import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown';
import styles from './Markdown.module.css';

export interface MarkdownProps {
  /** The Markdown to show. */
  source: string;
  className?: string;
}

/**
 * Rendered Markdown (a group's description), sanitised by `renderMarkdown`. Load it through `LazyMarkdown`: the
 * renderer stays out of every page that shows no description.
 */
export function Markdown({ source, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={className ? `${styles.markdown} ${className}` : styles.markdown}
      // Sanitised by DOMPurify in renderMarkdown, after marked printed raw HTML as text.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
