import type { ReactNode } from 'react';
import styles from './CheckboxToggle.module.css';

export interface CheckboxToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/** A checkbox drawn as a pill that fills in when on; still a native checkbox for keyboards and screen readers. */
export function CheckboxToggle({ checked, onChange, children }: CheckboxToggleProps) {
  return (
    <label className={checked ? `${styles.toggle} ${styles.on}` : styles.toggle}>
      <input
        type="checkbox"
        className={styles.input}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span>{children}</span>
    </label>
  );
}
