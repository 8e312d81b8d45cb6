import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function NewsletterIssuePage() {
  return (
    <PageIntro
      eyebrow="Newsletter"
      title="Una carta para ti"
      lead="Una carta del archivo para leer despacio y volver a ella cada vez que quieras."
    />
  );
}
