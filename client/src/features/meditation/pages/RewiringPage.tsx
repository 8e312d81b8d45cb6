// /metafisica/bashar/15-minutos-y-contando (activities.md §2): the ideas behind neural rewiring, then the
// guided meditation. Everything happens in the browser: the page makes no backend calls (§7).
import { PageIntro } from '../../../components/PageIntro/PageIntro';
import { ConceptPanels } from '../rewiring/ConceptPanels';
import { RewiringMeditation } from '../rewiring/RewiringMeditation';

export function RewiringPage() {
  return (
    <>
      <PageIntro
        eyebrow="Meditación de recableado neuronal"
        title="15 Minutos y Contando"
        lead="Quince minutos de práctica diaria para que tu mente se familiarice con la realidad que eliges."
      />
      <ConceptPanels />
      <RewiringMeditation />
    </>
  );
}
