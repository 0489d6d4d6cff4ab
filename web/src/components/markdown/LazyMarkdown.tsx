import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { MarkdownProps } from './Markdown';
import { mayHoldMarkdown } from './may-hold-markdown';
import styles from './Markdown.module.css';

const Markdown = lazyComponent(async () => (await import('./Markdown')).Markdown);

/** Loads the renderer's code (once): for a page the server rendered with some Markdown (ssr/hydrate.ts). */
export const preloadMarkdown = (): Promise<unknown> => Markdown.preload();

/** The description as typed, in the box the renderer's output has: its paragraph, its line breaks. */
function PlainText({ source, className }: MarkdownProps) {
  return (
    <div className={className ? `${styles.markdown} ${className}` : styles.markdown}>
      <p className={styles.plain}>{source}</p>
    </div>
  );
}

/**
 * A description rendered as Markdown, its renderer loaded with its first use (about 28 kB gzip: marked and
 * DOMPurify), so it never weighs on a page without one. Text without any Markdown (`mayHoldMarkdown`) shows as
 * it is, as the renderer would show it, and never loads it; text with some shows as typed meanwhile.
 */
export function LazyMarkdown(props: MarkdownProps) {
  if (!mayHoldMarkdown(props.source)) return <PlainText {...props} />;
  return (
    <Suspense fallback={<PlainText {...props} />}>
      <Markdown {...props} />
    </Suspense>
  );
}
