// /afirmaciones composed with the payments feature: the lead page sells the ebook, the payments feature's button buys it.
import { AffirmationsPage } from '../../features/leads/pages/AffirmationsPage';
import { CheckoutButton } from '../../features/payments/components/CheckoutButton';

export function AffirmationsRoute() {
  return <AffirmationsPage Checkout={CheckoutButton} />;
}
