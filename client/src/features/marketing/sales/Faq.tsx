// Frequently asked questions as a disclosure list: each question is a button (aria-expanded) that shows or
// hides its answer; several can be open at once.
import { useId, useState, type ReactNode } from 'react';
import { RevealItem } from './layout';
import styles from './sales.module.css';

export type FaqItem = { q: string; a: ReactNode };

export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <ul className={styles.faq}>
      {items.map((item, index) => (
        <RevealItem key={item.q} index={index} className={styles.faqItem}>
          <FaqEntry item={item} />
        </RevealItem>
      ))}
    </ul>
  );
}

function FaqEntry({ item }: { item: FaqItem }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <>
      <h3 className={styles.faqQuestion}>
        <button type="button" className={styles.faqButton} aria-expanded={open} aria-controls={answerId} onClick={() => setOpen((o) => !o)}>
          <span>{item.q}</span>
          <span className={styles.faqIcon} aria-hidden="true" />
        </button>
      </h3>
      <div id={answerId} className={styles.faqAnswer} hidden={!open}>
        {typeof item.a === 'string' ? <p>{item.a}</p> : item.a}
      </div>
    </>
  );
}
