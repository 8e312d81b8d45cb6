import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function AffirmationsPage() {
  return (
    <PageIntro
      eyebrow="Ebook"
      title="Afirmaciones que Transforman"
      lead="Un ebook de afirmaciones para reprogramar tu diálogo interno, con un fragmento gratuito para que empieces hoy."
    />
  );
}
