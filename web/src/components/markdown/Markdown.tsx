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
      // Rendered Markdown in a page the server rendered: the app loads this code before it takes the page over
      // (ssr/hydrate.ts), so the box is not drawn again.
      data-markdown=""
      className={className ? `${styles.markdown} ${className}` : styles.markdown}
      // Sanitised by DOMPurify in renderMarkdown, after marked printed raw HTML as text.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
