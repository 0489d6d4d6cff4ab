import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../components/GroupPage.module.css';

export function MissingGroup({ hidden }: { hidden?: ReactNode }) {
  useDocumentTitle('Group not found');
  return (
    <div className={styles.state}>
      <h1 className={styles.title}>This group does not exist (any more).</h1>
      {hidden}
      <p>
        <Link to="/group-projects" className={styles.link}>
          Back to the groups
        </Link>
      </p>
    </div>
  );
}
