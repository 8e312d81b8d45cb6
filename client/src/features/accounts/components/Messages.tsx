import type { ReactNode } from 'react';
import forms from '../../../styles/forms.module.css';
import styles from './auth.module.css';

/** An error the visitor must read: red, and announced at once by screen readers. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <p className={forms.alert} role="alert">
      {children}
    </p>
  );
}

/** Good news or progress: announced politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} role="status">
      {children}
    </p>
  );
}
