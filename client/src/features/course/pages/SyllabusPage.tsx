import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function SyllabusPage() {
  return (
    <PageIntro
      eyebrow="Tu temario"
      title="Curso Manifiesta"
      lead="Cinco módulos de actividades guiadas para conocerte, soltar lo que te frena y trazar tu futuro."
    />
  );
}
