import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function NewsletterArchivePage() {
  return (
    <PageIntro
      eyebrow="Cartas"
      title="Newsletter"
      lead="Todas las cartas enviadas, reunidas para que las leas con calma cuando las necesites."
    />
  );
}
