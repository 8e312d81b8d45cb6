import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function MasterclassesPage() {
  return (
    <PageIntro
      eyebrow="Membresía mensual"
      title="Masterclasses"
      lead="Tres masterclasses nuevas por mes, con teoría, práctica y encuentros en vivo para seguir creciendo en comunidad."
    />
  );
}
