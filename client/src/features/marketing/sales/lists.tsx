// The content blocks of a sales page that are lists of cards: each card fades in after the one before it.
import { Picture, type PictureImage } from '../../../components/Picture/Picture';
import { RevealItem } from './layout';
import styles from './sales.module.css';

export type FromTo = { from: string; to: string };

type FromToPairsProps = {
  pairs: readonly FromTo[];
  fromLabel?: string;
  toLabel?: string;
};

/** The transformation, pair by pair: where the visitor is today and where they can be. */
export function FromToPairs({ pairs, fromLabel = 'Hoy', toLabel = 'Después' }: FromToPairsProps) {
  return (
    <ul className={styles.pairs}>
      {pairs.map((pair, index) => (
        <RevealItem key={pair.from} index={index} className={styles.pair}>
          <p className={styles.from}>
            <span className={styles.pairLabel}>{fromLabel}</span>
            {pair.from}
          </p>
          <span className={styles.arrow} aria-hidden="true">
            →
          </span>
          <p className={styles.to}>
            <span className={styles.pairLabel}>{toLabel}</span>
            {pair.to}
          </p>
        </RevealItem>
      ))}
    </ul>
  );
}

export type Benefit = { title: string; text: string };

export function Benefits({ items }: { items: readonly Benefit[] }) {
  return (
    <ul className={styles.cards}>
      {items.map((item, index) => (
        <RevealItem key={item.title} index={index} className={styles.card}>
          <h3 className={styles.cardTitle}>{item.title}</h3>
          <p>{item.text}</p>
        </RevealItem>
      ))}
    </ul>
  );
}

/** A client's words as the coach added them (`role`: what the client did with her, when it is said; `photo`: theirs, when the coach added one). */
export type Testimonial = { id?: string; text: string; author: string; role?: string; photo?: PictureImage | null };

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className={styles.cards}>
      {items.map((item, index) => (
        <RevealItem key={item.id ?? item.author} index={index} className={styles.card}>
          <figure className={styles.testimonial}>
            <blockquote className={styles.quote}>
              <p>{item.text}</p>
            </blockquote>
            <figcaption className={styles.author}>
              {item.photo ? (
                // Beside the name it shows: nothing more to say in words.
                <Picture image={item.photo} alt="" className={styles.photo} sizes="56px" lazy />
              ) : (
                <span className={styles.initial} aria-hidden="true">
                  {item.author.charAt(0)}
                </span>
              )}
              <span>
                <strong>{item.author}</strong>
                {item.role ? <span className={styles.role}>{item.role}</span> : null}
              </span>
            </figcaption>
          </figure>
        </RevealItem>
      ))}
    </ul>
  );
}

type ForWhomProps = {
  isFor: readonly string[];
  isNotFor: readonly string[];
  isForTitle?: string;
  isNotForTitle?: string;
};

export function ForWhom({ isFor, isNotFor, isForTitle = 'Es para ti si…', isNotForTitle = 'No es para ti si…' }: ForWhomProps) {
  return (
    <div className={styles.forWhom}>
      <RevealItem as="div" index={0} className={styles.forCard}>
        <h3 className={styles.cardTitle}>{isForTitle}</h3>
        <ul className={styles.checks}>
          {isFor.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </RevealItem>
      <RevealItem as="div" index={1} className={styles.notForCard}>
        <h3 className={styles.cardTitle}>{isNotForTitle}</h3>
        <ul className={styles.crosses}>
          {isNotFor.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </RevealItem>
    </div>
  );
}

export type ModuleCard = {
  title: string;
  description: string;
  /** A decorative picture (alt=""): the title says what the card is. */
  image?: string;
  /** A small line above the title, e.g. 'Módulo 1', when the title does not say it already. */
  label?: string;
};

/** The course's weeks as numbered cards (course/syllabus.ts COURSE.modules maps straight onto this). */
export function ModuleCards({ modules }: { modules: readonly ModuleCard[] }) {
  return (
    <ol className={styles.modules}>
      {modules.map((module, index) => (
        <RevealItem key={module.title} index={index} className={styles.moduleCard}>
          {module.image ? <img className={styles.moduleImage} src={module.image} alt="" width={320} height={240} loading="lazy" decoding="async" /> : null}
          <div className={styles.moduleText}>
            {module.label ? <p className={styles.moduleNumber}>{module.label}</p> : null}
            <h3 className={styles.cardTitle}>{module.title}</h3>
            <p>{module.description}</p>
          </div>
        </RevealItem>
      ))}
    </ol>
  );
}

export type Fact = { label: string; value: string };

/** Short facts with a label (dates, place, price, duration): a definition list. */
export function Facts({ items }: { items: readonly Fact[] }) {
  return (
    <dl className={styles.facts}>
      {items.map((fact, index) => (
        <RevealItem key={fact.label} as="div" index={index} className={styles.fact}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </RevealItem>
      ))}
    </dl>
  );
}

export type Step = { title: string; text: string };

/** Numbered steps of a process (how a call or a session goes). */
export function Steps({ items }: { items: readonly Step[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((step, index) => (
        <RevealItem key={step.title} index={index} className={styles.step}>
          <span className={styles.stepNumber} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3 className={styles.cardTitle}>{step.title}</h3>
            <p>{step.text}</p>
          </div>
        </RevealItem>
      ))}
    </ol>
  );
}

/** A plain list with check marks (what to bring, what is included). */
export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.checks}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
