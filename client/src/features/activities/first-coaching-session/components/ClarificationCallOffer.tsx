// What everyone else (guests and free learners) sees: the free 30-minute 1-to-1 clarification session.
import { useSiteLinks } from '../../../../lib/site';
import { BookingLink } from './BookingLink';
import styles from './FirstCoachingSession.module.css';

export function ClarificationCallOffer() {
  const { links } = useSiteLinks();
  return (
    <section className={styles.view} aria-labelledby="sesion-claridad">
      <p className={styles.badges}>
        <span>30 minutos</span>
        <span>1 a 1</span>
        <span>Gratis</span>
      </p>
      <h2 id="sesion-claridad" className={styles.viewTitle}>
        Tu sesión de claridad, de regalo
      </h2>
      <p className={styles.lead}>
        Ya diste los primeros pasos: miraste tu vida área por área y empezaste a encontrar lo que de verdad te mueve. Ahora te invito a una sesión gratuita de
        30 minutos, a solas y por videollamada, para ordenar lo que descubriste y ver con claridad tu siguiente paso.
      </p>

      <div className={styles.columns}>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>Qué pasa en la llamada</h3>
          <ul className={styles.checklist}>
            <li>Miramos juntos tu Rueda de la Vida y las áreas que hoy más te piden atención.</li>
            <li>Ponemos en palabras lo que quieres cambiar y qué te lo está frenando.</li>
            <li>Te cuento cómo sigue el programa Manifiesta, sin presiones: la decisión es solo tuya.</li>
          </ul>
        </div>

        <div className={styles.card}>
          <h3 className={styles.cardTitle}>Para quién es</h3>
          <ul className={styles.checklist}>
            <li>Para ti, si sientes que puedes más pero no sabes por dónde empezar.</li>
            <li>Si repites los mismos patrones en el trabajo, en el amor o con el dinero y quieres entender por qué.</li>
            <li>Si hiciste las primeras actividades y quieres acompañamiento para ir más hondo.</li>
          </ul>
        </div>
      </div>

      <div className={styles.card}>
        <h3 className={styles.cardTitle}>Con qué te vas</h3>
        <ul className={styles.checklist}>
          <li>Una foto clara de dónde estás hoy y de adónde quieres llegar.</li>
          <li>Tu área de enfoque para las próximas semanas.</li>
          <li>Un primer paso concreto para empezar hoy mismo, hagas o no el programa.</li>
        </ul>
      </div>

      <div className={styles.cta}>
        <BookingLink href={links.bookingClarificationCall}>Reservar mi sesión gratuita</BookingLink>
        <p className={styles.note}>Eliges el día y la hora en la agenda, que se abre en una pestaña nueva. Sin costo y sin compromiso.</p>
      </div>
    </section>
  );
}
