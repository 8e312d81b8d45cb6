// The whole scale at a glance: a real table (caption, column and row headers), one row group per category,
// coloured by it.
import type { ConsciousnessCategory, ConsciousnessLevel } from '../../../../../../course/consciousness';
import styles from './ConsciousnessLevels.module.css';

const GROUPS: readonly { category: ConsciousnessCategory; label: string }[] = [
  { category: 'Fuerza', label: 'Fuerza: por debajo de 200' },
  { category: 'Poder', label: 'Poder: desde 200' },
];

export function LevelsTable({ levels }: { levels: readonly ConsciousnessLevel[] }) {
  return (
    // Scrolls sideways on a very narrow screen; focusable so a keyboard can scroll it too.
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Tabla de los niveles de conciencia">
      <table className={styles.table}>
        <caption className={styles.tableCaption}>Los {levels.length} niveles, de menor a mayor calibración.</caption>
        <thead>
          <tr>
            <th scope="col">Nivel</th>
            <th scope="col">Calibración</th>
            <th scope="col">Emoción</th>
            <th scope="col">Visión de la vida</th>
          </tr>
        </thead>
        {GROUPS.map(({ category, label }) => (
          <tbody key={category}>
            <tr className={styles.groupRow} data-category={category}>
              <th scope="rowgroup" colSpan={4}>
                {label}
              </th>
            </tr>
            {levels
              .filter((level) => level.category === category)
              .map((level) => (
                <tr key={level.name} className={styles.levelRow} data-category={category}>
                  <th scope="row">{level.name}</th>
                  <td>{level.score}</td>
                  <td>{level.emotion}</td>
                  <td>{level.paradigm}</td>
                </tr>
              ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
