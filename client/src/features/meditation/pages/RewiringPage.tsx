import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function RewiringPage() {
  return (
    <PageIntro
      eyebrow="Meditación de recableado neuronal"
      title="15 Minutos y Contando"
      lead="Quince minutos de práctica diaria para que tu mente se familiarice con la realidad que eliges."
    />
  );
}
