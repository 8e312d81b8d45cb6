import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function ManifiestaPage() {
  return (
    <PageIntro
      eyebrow="Curso guiado"
      title="Manifiesta: el curso completo"
      lead="Cinco módulos con una sesión de coaching 1:1 por semana, para pasar de la intención a la acción con acompañamiento real."
    />
  );
}
