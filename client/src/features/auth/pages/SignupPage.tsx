import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function SignupPage() {
  return (
    <PageIntro
      eyebrow="Tu cuenta"
      title="Crear cuenta"
      lead="Crea tu cuenta gratis y guarda tu progreso del curso en todos tus dispositivos."
    />
  );
}
