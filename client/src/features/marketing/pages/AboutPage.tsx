import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function AboutPage() {
  return (
    <PageIntro
      eyebrow="Quién te acompaña"
      title="Sobre mí"
      lead="Mi historia, por qué hago lo que hago y las dos formas en que podemos trabajar juntos."
    />
  );
}
