import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function NostalgiaPage() {
  return (
    <PageIntro
      eyebrow="Audiolibro gratuito"
      title="Soltar el Pasado"
      lead="Un audiolibro para hacer las paces con lo que fue y abrir espacio a lo que viene."
    />
  );
}
