// The price box. Amounts always come from the catalogue (lib/catalogue.ts, the one the checkout charges): pages never
// type a price. While the catalogue loads the amount is a placeholder, never a price that may be wrong.
import type { ReactNode } from 'react';
import { formatPrice } from '../../../../../course/products';
import { Checklist } from './lists';
import styles from './sales.module.css';

export type Money = { amount: number; currency: string };

type PriceProps = {
  /** null while the catalogue loads. */
  price: Money | null;
  /** e.g. 'pago único', 'por mes'. */
  per?: string;
  /** The former price, shown crossed out. */
  listPrice?: Money | null;
  /** A second way to pay, e.g. { price: weekly, per: 'por semana' } → "o $40 USD por semana". */
  alternative?: { price: Money; per: string } | undefined;
  /** A plan name above the amount (h3). */
  title?: string;
  /** What the price includes. */
  features?: readonly string[];
  /** A line under the features, e.g. 'Solo 3 cupos'. */
  note?: ReactNode;
  /** The calls to action. */
  children?: ReactNode;
};

export function Price({ price, per, listPrice, alternative, title, features, note, children }: PriceProps) {
  return (
    <div className={styles.price}>
      {title ? <h3 className={styles.cardTitle}>{title}</h3> : null}
      <p className={styles.amountLine}>
        {listPrice ? (
          <s className={styles.listPrice}>
            <span className="sr-only">Precio anterior: </span>
            {formatPrice(listPrice)}
          </s>
        ) : null}
        {listPrice ? <span className="sr-only">Precio actual: </span> : null}
        {price ? (
          <strong className={styles.amount}>{formatPrice(price)}</strong>
        ) : (
          <strong className={styles.amount}>
            <span className={`sk-bone ${styles.pricePending}`} aria-hidden="true" />
            <span className="sr-only">Cargando el precio…</span>
          </strong>
        )}
        {per ? <span className={styles.per}>{per}</span> : null}
      </p>
      {alternative ? (
        <p className={styles.alternative}>
          o <strong>{formatPrice(alternative.price)}</strong> {alternative.per}
        </p>
      ) : null}
      {features?.length ? <Checklist items={features} /> : null}
      {note ? <p className={styles.priceNote}>{note}</p> : null}
      {children}
    </div>
  );
}
