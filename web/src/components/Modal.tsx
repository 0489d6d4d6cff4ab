import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../lib/use-dialog';
import styles from './Modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A line under the title, read as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  /** 'large' for lists (the issues of a project); 'small' for short forms. */
  size?: 'small' | 'large';
  /** Where focus goes on opening; the close button by default. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog over a dimmed page, with the shared dialog behaviour (scroll lock, focus kept inside and given
 * back, Escape closes). Stays mounted while closed so that focus can go back to the button that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  size = 'small',
  initialFocusRef,
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const keepFocusInside = useDialog({ open, onClose, containerRef: dialogRef, initialFocusRef });

  if (!open) return null;
  return createPortal(
    <>
      <div className={styles.overlay} aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={`${styles.dialog} ${styles[size]}`}
        onKeyDown={keepFocusInside}
      >
        <div className={styles.header}>
          <div className={styles.headings}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </>,
    document.body,
  );
}
