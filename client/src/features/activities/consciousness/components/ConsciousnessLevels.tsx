// niveles-conciencia-hawkins (activity 6): the creation pyramid, a carousel of the levels
// that starts at a random one, the whole table in a modal, 'El Salto al Poder', and the way on.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CONSCIOUSNESS_LEVELS, POWER_THRESHOLD } from '../../../../../../course/consciousness';
import { Button } from '../../../../components/Button/Button';
import { Modal } from '../../../../components/Modal/Modal';
import { CompleteActivity } from '../../../../components/CompleteActivity/CompleteActivity';
import { SYLLABUS_PATH } from '../../../../lib/course-paths';
import type { ActivityBodyProps } from '../../../../lib/activity/body';
import { CreationPyramid } from './CreationPyramid';
import styles from './ConsciousnessLevels.module.css';
import { LevelCarousel } from './LevelCarousel';
import { LevelsTable } from './LevelsTable';

const FIRST_POWER = CONSCIOUSNESS_LEVELS.find((level) => level.score >= POWER_THRESHOLD)!;

type ConsciousnessLevelsProps = ActivityBodyProps & {
  /** Where the carousel starts: a number in [0, 1), as Math.random gives (tests pass their own). */
  random?: () => number;
};

export function ConsciousnessLevels({ done, goNext, hasNext, random = Math.random }: ConsciousnessLevelsProps) {
  const [startAt] = useState(() => Math.min(CONSCIOUSNESS_LEVELS.length - 1, Math.floor(random() * CONSCIOUSNESS_LEVELS.length)));
  const [tableOpen, setTableOpen] = useState(false);

  return (
    <div className={styles.body}>
      <p className={styles.lead}>
        El psiquiatra David R. Hawkins propuso un mapa de la conciencia que ordena las emociones humanas desde las más densas hasta las más expansivas. No es un
        examen ni una medida científica, y tampoco una etiqueta: úsalo como un espejo para reconocer desde dónde estás sintiendo, pensando y creando. En un
        mismo día todos pasamos por varios niveles, y eso está bien.
      </p>

      <section className={styles.section} aria-labelledby="conciencia-piramide">
        <h2 id="conciencia-piramide" className={styles.sectionTitle}>
          Cómo creas tu realidad
        </h2>
        <p>
          Lo que vives afuera se construye de adentro hacia afuera, como una pirámide. Lo que crees sostiene lo que sientes, y lo que sientes empuja lo que
          piensas y haces. Por eso el cambio duradero empieza por la base.
        </p>
        <CreationPyramid />
      </section>

      <LevelCarousel levels={CONSCIOUSNESS_LEVELS} startAt={startAt} />

      <p className={styles.tableCall}>
        <Button variant="secondary" onClick={() => setTableOpen(true)}>
          Ver la tabla completa
        </Button>
      </p>

      <section className={styles.leap} aria-labelledby="conciencia-salto">
        <h2 id="conciencia-salto" className={styles.sectionTitle}>
          El Salto al Poder
        </h2>
        <p>
          Los niveles de abajo funcionan con <strong>Fuerza</strong>: empujan, se defienden, necesitan un enemigo o una carencia para moverse, y por eso
          desgastan tanto.
        </p>
        <p>
          En{' '}
          <strong>
            {FIRST_POWER.name} ({FIRST_POWER.score})
          </strong>{' '}
          ocurre el gran giro: es el primer nivel de <strong>Poder</strong>, el punto en el que dejas de reaccionar ante la vida y empiezas a crearla. Ya no te
          preguntas «¿por qué me pasa esto?», sino «¿qué puedo hacer yo con esto?».
        </p>
        <p>
          No hace falta llegar a la paz de un salto. Alcanza con subir un nivel. La próxima vez que sientas una emoción fuerte, búscala en el mapa, respira y
          pregúntate cómo se vería dar un solo paso hacia arriba.
        </p>
      </section>

      <CompleteActivity done={done} hasNext={hasNext} goNext={goNext} />
      {/* CompleteActivity itself leads back to the syllabus once there is nothing after this. */}
      {done && !hasNext ? null : (
        <p>
          <Link to={SYLLABUS_PATH}>Volver al Temario</Link>
        </p>
      )}

      {tableOpen ? (
        <Modal title="Los niveles de conciencia" onClose={() => setTableOpen(false)}>
          <LevelsTable levels={CONSCIOUSNESS_LEVELS} />
        </Modal>
      ) : null}
    </div>
  );
}

export default ConsciousnessLevels;
