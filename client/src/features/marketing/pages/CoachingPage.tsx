import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function CoachingPage() {
  return (
    <PageIntro
      eyebrow="Videollamada de 60 minutos"
      title="Sesión 1:1 de Propósito"
      lead="Una hora a solas para descubrir tu propósito y diseñar el camino concreto para vivirlo."
    />
  );
}
