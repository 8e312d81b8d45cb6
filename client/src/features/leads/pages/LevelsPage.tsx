import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function LevelsPage() {
  return (
    <PageIntro
      eyebrow="Guía gratuita en PDF"
      title="Los Niveles de Conciencia"
      lead="Descubre en qué nivel de conciencia vibras hoy y cómo elevarlo, con una guía para descargar sin costo."
    />
  );
}
