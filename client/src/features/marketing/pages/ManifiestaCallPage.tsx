import { PageIntro } from '../../../components/PageIntro/PageIntro';

export function ManifiestaCallPage() {
  return (
    <PageIntro
      eyebrow="Llamada gratuita"
      title="Llamada de claridad"
      lead="Agendá una llamada sin costo para conocernos y ver juntos si el programa es para vos."
    />
  );
}
