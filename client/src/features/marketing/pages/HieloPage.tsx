import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function HieloPage() {
  return (
    <PageIntro
      eyebrow="Retiro · 3 días y 2 noches"
      title="Retiro de Hielo en Córdoba"
      lead="Yoga, meditación, respiración e inmersiones en hielo en un pueblo de montaña, para volver a vos con el cuerpo y la mente en calma."
    />
  );
}
