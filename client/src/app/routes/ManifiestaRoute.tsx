// /manifiesta composed with the payments feature: the sales page presents the course, the payments feature's button enrols.
import { ManifiestaPage } from '../../features/marketing/pages/ManifiestaPage';
import { CheckoutButton } from '../../features/payments/components/CheckoutButton';

export function ManifiestaRoute() {
  return <ManifiestaPage Checkout={CheckoutButton} />;
}
