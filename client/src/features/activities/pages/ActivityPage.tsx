import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function ActivityPage() {
  return (
    <PageIntro
      eyebrow="Curso Manifiesta"
      title="Actividad del curso"
      lead="Cada actividad es un paso guiado de tu recorrido: lee, reflexiona y avanza a tu ritmo."
    />
  );
}
