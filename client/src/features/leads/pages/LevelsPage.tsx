// /niveles (a free lead page): the consciousness levels, a video, the free PDF guide in exchange
// for a name and an e-mail, and after the download the way on to /afirmaciones.
import { Link } from 'react-router-dom';
import { CONSCIOUSNESS_LEVELS, LEVEL_COUNT, POWER_THRESHOLD } from '../../../../../course/consciousness';
import { Video } from '../../../components/Video/Video';
import { useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { useVisitorRecord } from '../../../lib/visitor-record';
import { CONSENT, FreeDownloadCard } from '../components/FreeDownloadCard';
import { JumpToForm, LeadHero } from '../components/LeadHero';
import { Reveal } from '../components/Reveal';
import styles from '../components/lead-page.module.css';
import levels from './LevelsPage.module.css';
import { useDownloadFile } from '../lib/downloads';
import { NEUTRAL_MESSAGES } from '../lib/validate-lead';

const FORM_ID = 'descarga';

const force = CONSCIOUSNESS_LEVELS.filter((level) => level.score < POWER_THRESHOLD);
const power = CONSCIOUSNESS_LEVELS.filter((level) => level.score >= POWER_THRESHOLD);

const INSIDE = [
  `Los ${LEVEL_COUNT} niveles, de la vergüenza a la iluminación, con la emoción que tiñe cada uno y su manera de ver la vida.`,
  'La diferencia entre Fuerza y Poder, y por qué cruzar el umbral del 200 lo cambia todo.',
  'La pirámide de la creación: cómo tus creencias dan forma a lo que sientes, piensas y haces.',
  'Prácticas simples para subir escalón a escalón, y preguntas para empezar a observarte hoy.',
];

export function LevelsPage() {
  const { links } = useSiteLinks();
  useTrackView('niveles');
  const levelsFile = useDownloadFile('levels');
  const record = useVisitorRecord();

  return (
    <article className={styles.page}>
      <LeadHero
        eyebrow="Guía gratuita en PDF"
        title="Los Niveles de Conciencia"
        lead={`Descubre desde qué nivel estás mirando tu vida hoy y cómo subir, escalón a escalón. ${links.nivelesVideo ? 'Mira el video y descarga' : 'Descarga'} gratis la guía en PDF.`}
      >
        <JumpToForm target={FORM_ID}>Quiero la guía</JumpToForm>
      </LeadHero>

      {links.nivelesVideo ? (
        <Reveal className={styles.section} aria-labelledby="niveles-video">
          <h2 id="niveles-video">Mira el video</h2>
          <Video src={links.nivelesVideo} title="Video: Los Niveles de Conciencia" className={styles.video} />
        </Reveal>
      ) : null}

      <Reveal className={styles.section} aria-labelledby="niveles-map">
        <h2 id="niveles-map">Un mapa, no una etiqueta</h2>
        <p>
          Este mapa se inspira en la escala de conciencia del psiquiatra David R. Hawkins. Ordena diecisiete estados, desde la vergüenza hasta la iluminación, y
          a cada uno le da un número que habla de cuánta energía, apertura y amplitud de mirada tiene.
        </p>
        <p>
          No es una medición científica ni una etiqueta para ponerte a ti o a los demás: es un espejo para observarte. Nadie vive siempre en el mismo nivel. En
          un mismo día puedes pasar por varios, y cada área de tu vida puede estar en un lugar distinto. Lo valioso es darte cuenta de dónde estás ahora y de
          qué te ayudaría a subir un escalón.
        </p>
        <p className={styles.quote}>«Cuando cambia la emoción, cambia el mundo que percibes.»</p>
      </Reveal>

      <div className={styles.band}>
        <Reveal className={styles.section} aria-labelledby="niveles-ladder">
          <h2 id="niveles-ladder">De la Fuerza al Poder</h2>
          <p>
            Por debajo del {POWER_THRESHOLD}, la energía empuja: necesita un enemigo, algo que controlar o algo que conseguir, y por eso desgasta. Desde Coraje
            hacia arriba, la energía sostiene: crea, suma y se renueva. El paso más importante no es llegar arriba, sino cruzar ese umbral.
          </p>
          <div className={levels.ladder}>
            <LevelColumn title="Poder" detail={`de ${POWER_THRESHOLD} a 700`} items={power} kind="power" />
            <LevelColumn title="Fuerza" detail="de 20 a 175" items={force} kind="force" />
          </div>
        </Reveal>
      </div>

      <Reveal className={styles.section} aria-labelledby="niveles-inside">
        <h2 id="niveles-inside">Qué trae la guía</h2>
        <ul className={styles.checks}>
          {INSIDE.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className={styles.small}>Cinco páginas para leer con calma, imprimir o tener a mano en el teléfono.</p>
      </Reveal>

      <FreeDownloadCard
        id={FORM_ID}
        headingId="niveles-form"
        source={{ page: 'niveles', section: 'pdf' }}
        file={levelsFile}
        downloaded={record.nivelesDownloaded}
        nick={record.nick}
        form={{
          title: 'Descarga la guía gratis',
          intro: `Déjanos tu nombre y tu email. ${CONSENT}`,
          label: 'Descargar la guía de los niveles de conciencia',
          submit: 'Descargar la guía en PDF',
          messages: NEUTRAL_MESSAGES,
        }}
        success={{
          title: 'Tu guía ya es tuya',
          text: <p>La descarga de «Los {LEVEL_COUNT} Niveles de Conciencia» ya empezó. Si no la ves, toca el botón y la iniciamos otra vez.</p>,
          next: (
            <Link className={styles.next} to="/afirmaciones">
              <span className="eyebrow">Tu próximo paso</span>
              <strong>Afirmaciones que Transforman</strong>
              <span>Trabaja la base de la pirámide, tus creencias, con un fragmento gratuito del ebook de afirmaciones.</span>
            </Link>
          ),
        }}
      />
    </article>
  );
}

type LevelColumnProps = {
  title: string;
  detail: string;
  items: typeof CONSCIOUSNESS_LEVELS;
  kind: 'force' | 'power';
};

/** One side of the ladder, read from the top down: the highest level first. */
function LevelColumn({ title, detail, items, kind }: LevelColumnProps) {
  return (
    <div className={levels.column} data-kind={kind}>
      <h3>
        {title} <span className={levels.detail}>({detail})</span>
      </h3>
      <ol className={levels.steps}>
        {[...items].reverse().map((level) => (
          <li key={level.name}>
            <span>{level.name}</span>
            <span className={levels.score}>{level.score}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
