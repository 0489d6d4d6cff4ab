import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './StatusPage.module.css';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <section className={styles.page} aria-labelledby="not-found-heading">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>
        There is no page at <code className={styles.path}>{pathname}</code>. The link may be mistyped, or the
        page may have moved.
      </p>
      <Link to="/" className={styles.action}>
        Back to open source projects
      </Link>
    </section>
  );
}
