// Words about keys ('teclas ← y →', 'Ctrl + Enter'): shown only on devices with a fine pointer and hover —
// a computer, where a keyboard is at hand — and left out on phones and tablets, where they only confuse.
// The keys themselves keep working everywhere.
import type { ReactNode } from 'react';
import styles from './KeyboardHint.module.css';

export function KeyboardHint({ children }: { children: ReactNode }) {
  return <span className={styles.hint}>{children}</span>;
}
