// /metafisica/bashar/15-minutos-y-contando: the ideas behind neural rewiring, then the
// guided meditation. Everything happens in the browser: the page makes no backend calls. Opened from the
// course (?desde=<activity>), it offers 'Continuar con la Siguiente Actividad' to the activity after that one.
import { useSearchParams } from 'react-router-dom';
import { FROM_PARAM, rewiringNext } from '../../../../../course/companions';
import { PageIntro } from '../../../components/PageIntro/PageIntro';
import { SYLLABUS_PATH } from '../../../lib/course-paths';
import { ConceptPanels } from '../rewiring/ConceptPanels';
import { RewiringMeditation } from '../rewiring/RewiringMeditation';

export function RewiringPage() {
  const [search] = useSearchParams();
  const next = rewiringNext(search.get(FROM_PARAM));
  return (
    <>
      <PageIntro
        eyebrow="Meditación de recableado neuronal"
        title="15 Minutos y Contando"
        lead="Quince minutos de práctica diaria para que tu mente se familiarice con la realidad que eliges."
      />
      <ConceptPanels />
      <RewiringMeditation next={next ? { to: `${SYLLABUS_PATH}/${next.slug}` } : undefined} />
    </>
  );
}
