import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function ReprogramaPage() {
  return (
    <PageIntro
      eyebrow="Programa de coaching de 5 semanas"
      title="Reprogramate"
      lead="Cinco semanas de coaching, teoría y práctica para transformar tus creencias y diseñar la vida que querés vivir."
    />
  );
}
