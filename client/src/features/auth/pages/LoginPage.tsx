import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function LoginPage() {
  return (
    <PageIntro
      eyebrow="Tu cuenta"
      title="Iniciar sesión"
      lead="Ingresa a tu cuenta para retomar tu curso justo donde lo dejaste."
    />
  );
}
