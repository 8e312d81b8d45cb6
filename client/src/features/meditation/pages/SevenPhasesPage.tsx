import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function SevenPhasesPage() {
  return (
    <PageIntro
      eyebrow="Herramienta"
      title="Meditación de las 7 Fases"
      lead="Una meditación guiada en siete fases para agradecer, soltar y visualizar la vida que estás creando."
    />
  );
}
