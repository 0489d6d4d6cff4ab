import styles from './Footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>
          <strong className={styles.brand}>OpenLFG</strong> · Find open source projects to contribute to, and
          people to build with.
        </p>
        <p>Anyone can browse. Sign in with GitHub to save projects and join groups.</p>
      </div>
    </footer>
  );
}
