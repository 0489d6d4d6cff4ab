import { splitLinks } from '../linkify';
import styles from './MessageItem.module.css';

/**
 * A message's text as React text nodes, with its http(s) addresses as links that open in a new tab and pass
 * neither the opener nor the referrer nor any ranking credit. Nothing in the text is ever parsed as HTML.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={styles.link}
          >
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
