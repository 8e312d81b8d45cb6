// What an enrolled learner (role 7) sees: how to book the first 1:1 session and what to bring to it.
import { useSiteLinks } from '../../../../lib/site';
import { BookingLink } from './BookingLink';
import styles from './FirstCoachingSession.module.css';

export function EnrolledWelcome() {
  const { links } = useSiteLinks();
  return (
    <section className={styles.view} aria-labelledby="sesion-bienvenida">
      <p className={styles.badges}>
        <span>Sesión 1 a 1</span>
        <span>Incluida en tu programa</span>
      </p>
      <h2 id="sesion-bienvenida" className={styles.viewTitle}>
        ¡Llegó tu primera sesión de coaching!
      </h2>
      <p className={styles.lead}>
        Ya eres parte del programa y este es uno de sus momentos más valiosos: una conversación a solas con tu coach para mirar juntos todo lo que descubriste
        esta semana, ordenarlo y elegir tu foco para las próximas.
      </p>

      <div className={styles.card}>
        <h3 className={styles.cardTitle}>Cómo reservar tu sesión</h3>
        <ol className={styles.steps}>
          <li>Abre la agenda con el botón de abajo y elige el día y la hora que mejor te queden.</li>
          <li>Reserva con el mismo correo de tu cuenta: así llegamos a la sesión con tu proceso a mano.</li>
          <li>Te llegará un correo con la confirmación y el enlace de la videollamada. Si te surge algo, desde ese mismo correo puedes cambiar el horario.</li>
        </ol>
      </div>

      <div className={styles.card}>
        <h3 className={styles.cardTitle}>Qué preparar</h3>
        <ul className={styles.checklist}>
          <li>
            <strong>Tu Rueda de la Vida:</strong> las calificaciones de tus 12 áreas y las tres que hoy más te piden atención.
          </li>
          <li>
            <strong>El resumen de tus 7 niveles del porqué:</strong> los motores que encontraste en cada una de tus áreas de enfoque.
          </li>
          <li>
            <strong>Tu visión del futuro:</strong> lo que escribiste al mirar hacia atrás desde tu vida ideal.
          </li>
          <li>
            <strong>Un espacio tranquilo:</strong> auriculares, algo para anotar y un rato sin interrupciones, solo para ti.
          </li>
        </ul>
      </div>

      <div className={styles.cta}>
        <BookingLink href={links.bookingFirstSession}>Reservar mi primera sesión</BookingLink>
        <p className={styles.note}>La agenda se abre en una pestaña nueva; esta página te espera aquí.</p>
      </div>
    </section>
  );
}
