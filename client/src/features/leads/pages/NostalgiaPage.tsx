// /nostalgia, 'Soltar el Pasado' (a free lead page): the free audiobook in exchange for a name
// and an e-mail, and the way on to /niveles.
import { Link } from 'react-router-dom';
import { useTrackView } from '../../../lib/track-view';
import { useVisitorRecord } from '../../../lib/visitor-record';
import { CONSENT, FreeDownloadCard } from '../components/FreeDownloadCard';
import { JumpToForm, LeadHero } from '../components/LeadHero';
import { Reveal } from '../components/Reveal';
import styles from '../components/lead-page.module.css';
import { useDownloadFile } from '../lib/downloads';
import { NEUTRAL_MESSAGES } from '../lib/validate-lead';

const FORM_ID = 'descarga';

const SIGNS = [
  'Vuelves una y otra vez a una etapa, a una persona o a una versión tuya que ya no está.',
  'Sientes que una parte tuya se quedó atrás, esperando algo que no va a volver.',
  'Comparas tu presente con lo que fue, y el presente siempre pierde.',
  'Sabes que te haría bien soltar, pero no sabes por dónde empezar.',
];

const STEPS = [
  { title: 'Reconocer', text: 'Dejas que aparezca, sin forzarlo, eso del pasado que todavía te acompaña, y lo miras con calma, como una foto vieja.' },
  { title: 'Agradecer', text: 'Recorres lo que esa etapa te regaló: las personas, los momentos de alegría, lo que aprendiste, incluso lo que dolió.' },
  { title: 'Soltar', text: 'Con la respiración como ancla, abres las manos y lo dejas libre. No lo pierdes: lo liberas, y te liberas.' },
  { title: 'Volver', text: 'Regresas al cuerpo y al aquí y ahora, el único lugar donde puedes crear algo distinto.' },
];

export function NostalgiaPage() {
  useTrackView('nostalgia');
  const audiobookFile = useDownloadFile('audiobook');
  const record = useVisitorRecord();

  return (
    <article className={styles.page}>
      <LeadHero
        eyebrow="Audiolibro gratuito"
        title="Soltar el Pasado"
        lead="Un audiolibro guiado para hacer las paces con lo que fue y abrir espacio a lo que viene. Es gratis, dura menos de cinco minutos y puedes volver a escucharlo cada vez que lo necesites."
        cover="/img/recursos/audiolibro.svg"
      >
        <JumpToForm target={FORM_ID}>Quiero escucharlo</JumpToForm>
      </LeadHero>

      <Reveal className={styles.section} aria-labelledby="nostalgia-signs">
        <h2 id="nostalgia-signs">¿Te pasa esto?</h2>
        <ul className={styles.checks}>
          {SIGNS.map((sign) => (
            <li key={sign}>{sign}</li>
          ))}
        </ul>
        <p>
          Si te reconociste en alguna de estas frases, no hay nada roto en ti. Es el corazón haciendo lo que sabe hacer: aferrarse a lo que amó. El problema
          aparece cuando mirar hacia atrás te quita la energía para vivir lo que tienes delante.
        </p>
      </Reveal>

      <div className={styles.band}>
        <Reveal className={styles.section} aria-labelledby="nostalgia-love">
          <h2 id="nostalgia-love">La nostalgia es amor mirando hacia atrás</h2>
          <p>
            Solo duele así lo que de verdad fue importante. Por eso soltar no es olvidar, ni hacer como que no pasó nada, ni obligarte a estar bien. Soltar es
            agradecer lo vivido, honrar lo que te enseñó y dejar de cargarlo como un peso, para que se convierta en lo que siempre fue: parte de tu historia y
            de tu sabiduría.
          </p>
          <p className={styles.quote}>«Lo que fue me hizo quien soy. Lo suelto con amor, y elijo vivir aquí y ahora.»</p>
        </Reveal>
      </div>

      <Reveal className={styles.section} aria-labelledby="nostalgia-inside">
        <h2 id="nostalgia-inside">Qué vas a vivir en el audiolibro</h2>
        <p>Una reflexión guiada, con pausas para respirar y sentir, que te acompaña en cuatro movimientos:</p>
        <ol className={styles.cards}>
          {STEPS.map((step, index) => (
            <Reveal as="li" key={step.title} index={index} className={styles.card}>
              <span className={styles.cardNumber}>Paso {index + 1}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </Reveal>
          ))}
        </ol>
        <p className={styles.small}>
          Para aprovecharlo al máximo, busca un momento tranquilo, usa auriculares si puedes y acomódate en una postura en la que tu cuerpo pueda aflojarse por
          completo.
        </p>
      </Reveal>

      <FreeDownloadCard
        id={FORM_ID}
        headingId="nostalgia-form"
        source={{ page: 'nostalgia', section: 'fragmento' }}
        file={audiobookFile}
        downloaded={record.nostalgiaDownloaded}
        nick={record.nick}
        form={{
          title: 'Descarga el audiolibro gratis',
          intro: `Déjanos tu nombre y tu email. ${CONSENT}`,
          label: 'Descargar el audiolibro Soltar el Pasado',
          submit: 'Descargar el audiolibro',
          messages: NEUTRAL_MESSAGES,
        }}
        success={{
          title: 'Tu audiolibro ya es tuyo',
          text: (
            <p>
              La descarga de «Soltar el Pasado» ya empezó. Si no la ves, toca el botón y la iniciamos otra vez. También te mandamos un correo para que lo tengas
              siempre a mano.
            </p>
          ),
        }}
      />

      <Reveal className={styles.section} aria-labelledby="nostalgia-next">
        <h2 id="nostalgia-next" className="sr-only">
          Sigue tu camino
        </h2>
        <Link className={styles.next} to="/niveles">
          <span className="eyebrow">Tu próximo paso</span>
          <strong>Los Niveles de Conciencia</strong>
          <span>Descubre desde qué nivel estás mirando tu vida hoy, con un video y una guía en PDF gratuita.</span>
        </Link>
      </Reveal>
    </article>
  );
}
