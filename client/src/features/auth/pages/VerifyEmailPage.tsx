import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function VerifyEmailPage() {
  return (
    <PageIntro
      eyebrow="Tu cuenta"
      title="Verificación de cuenta"
      lead="Aquí confirmamos tu correo para activar tu cuenta y que empieces tu camino."
    />
  );
}
