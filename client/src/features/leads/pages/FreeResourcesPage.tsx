import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function FreeResourcesPage() {
  return (
    <PageIntro
      eyebrow="Para empezar hoy"
      title="Recursos Gratuitos"
      lead="Meditaciones, guías y lecturas para dar el primer paso sin costo y a tu ritmo."
    />
  );
}
