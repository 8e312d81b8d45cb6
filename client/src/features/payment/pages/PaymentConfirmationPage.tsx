import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function PaymentConfirmationPage() {
  return (
    <PageIntro
      eyebrow="Tu compra"
      title="Confirmación de pago"
      lead="Aquí confirmamos tu pago y activamos tu acceso en cuestión de segundos."
    />
  );
}
