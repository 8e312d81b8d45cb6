// The buy button a page shows: the page says what it sells and with which words; app/ hands it the payments
// feature's button (a feature imports no other), which knows the buyer and starts the checkout on the server.
import type { ComponentType, ReactNode } from 'react';
import type { ProductId } from '../../../course/products';

export type CheckoutButtonProps = {
  productId: ProductId;
  /** The button's words, as the page says them. */
  children: ReactNode;
  /** Called as the buyer leaves for the payment page (a page's own record of the purchase on its way). */
  onStart?: () => void;
  /** The address a guest's form starts with (the one the visitor already gave this browser), if any. */
  email?: string;
  /** The page's own look for the button (a sales page's call to action) instead of the site's button. */
  className?: string;
};

export type CheckoutButton = ComponentType<CheckoutButtonProps>;

/** The browser leaves for the payment page through this: tests replace it (jsdom cannot leave a page). */
export const paymentPage = { open: (url: string) => window.location.assign(url) };
