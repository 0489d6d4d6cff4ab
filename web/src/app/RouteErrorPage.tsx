import { useEffect } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './StatusPage.module.css';

/** Shown when a page throws while rendering: a way out instead of a blank screen. */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className={styles.page} aria-labelledby="route-error-heading">
      <h1 id="route-error-heading" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.text}>
        This page could not be shown. Reloading often helps; if it keeps happening, try again later.
      </p>
      <Link to="/" className={styles.action} reloadDocument>
        Back to open source projects
      </Link>
    </section>
  );
}
