// What the landing pages of a mailed link share: the link spent once, and the line shown while it is.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import styles from './auth.module.css';

/** Spends the link once (StrictMode's second effect and later renders must not send it again). */
export function useSpentOnce(token: string | null, options: UseMutationOptions<string, Error, string>, onSuccess: () => void) {
  const mutation = useMutation(options);
  const { mutate } = mutation;
  const sentFor = useRef<string | null>(null);
  const done = useRef(onSuccess);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, { onSuccess: () => done.current() });
  }, [token, mutate]);
  return mutation;
}

export function Working({ text }: { text: string }) {
  return (
    <div className={styles.status} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
