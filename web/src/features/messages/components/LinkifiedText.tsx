import { splitMentions } from '@openlfg/contracts';
import { splitLinks } from '../linkify';
import styles from './MessageItem.module.css';

/**
 * A message's text as React text nodes, with its http(s) addresses as links that open in a new tab and pass
 * neither the opener nor the referrer nor any ranking credit, and its @mentions highlighted (the reader's own
 * marked more strongly). Nothing in the text is ever parsed as HTML.
 */
export function LinkifiedText({ text, myLogin = null }: { text: string; myLogin?: string | null }) {
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
          <Mentions key={index} text={segment.text} myLogin={myLogin} />
        ),
      )}
    </>
  );
}

function Mentions({ text, myLogin }: { text: string; myLogin: string | null }) {
  const me = myLogin?.toLowerCase();
  return (
    <>
      {splitMentions(text).map((segment, index) => {
        if (segment.kind === 'text') return segment.text;
        return segment.login.toLowerCase() === me ? (
          // <mark>: screen readers can announce it as highlighted, the way it stands out on screen.
          <mark key={index} className={styles.mentionMe}>
            {segment.text}
          </mark>
        ) : (
          <span key={index} className={styles.mention}>
            {segment.text}
          </span>
        );
      })}
    </>
  );
}
