// /herramientas/7-fases: the 7-phase meditation tool on its own page (also where a guest's revelation lands
// after signing in).
import { MeditationTool } from '../tool/MeditationTool';
import styles from './SevenPhasesPage.module.css';

export function SevenPhasesPage() {
  return (
    <article className={styles.page}>
      <title>Meditación de las 7 Fases · Manifiesta</title>
      <header className={styles.header}>
        <p className="eyebrow">Herramienta</p>
        <h1 className={styles.title}>Meditación de las 7 Fases</h1>
        <p className={styles.lead}>
          Siete estaciones para volver a ti: llegas al presente, agradeces, abres el corazón, sueltas lo que pesa, ves la vida que eliges, decides tu próximo
          paso y te conectas con algo más grande. Elige las fases y los minutos que quieras, busca un lugar tranquilo y deja que el sonido te acompañe.
        </p>
      </header>
      <MeditationTool />
    </article>
  );
}
