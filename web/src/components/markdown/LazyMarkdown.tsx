import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { MarkdownProps } from './Markdown';
import styles from './Markdown.module.css';

const Markdown = lazyComponent(async () => (await import('./Markdown')).Markdown);

/** Starts loading the renderer (a page that will show a description calls it as it loads its data). */
export const preloadMarkdown = Markdown.preload;

/**
 * A description rendered as Markdown, its renderer loaded with its first use (about 24 kB gzip: marked and
 * DOMPurify), so it never weighs on a page without one. Meanwhile the source shows as plain text.
 */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<p className={`${styles.markdown} ${styles.plain}`}>{props.source}</p>}>
      <Markdown {...props} />
    </Suspense>
  );
}
