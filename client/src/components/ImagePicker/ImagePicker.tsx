// A choice among the images of the coach's media library (her portrait in Ajustes, a testimonial's photo, a letter's
// cover): each image a thumbnail with its name (round for a person's photo, wide for a cover), one radio group;
// optionally a first choice for «no photo».
import type { ReactNode } from 'react';
import { thumbnailOf, type MediaItem } from '../../lib/media';
import forms from '../../styles/forms.module.css';
import styles from './ImagePicker.module.css';

type ImagePickerProps = {
  /** The radio group's name (unique on the page). */
  name: string;
  legend: string;
  /** The library's images. */
  images: readonly MediaItem[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
  /** A first choice that chooses none (null), with this text. */
  noneLabel?: string;
  /** What follows the choices inside the group (a button that uses the choice). */
  children?: ReactNode;
  /** Round thumbnails (a person's photo) or wide ones (a letter's cover). */
  shape?: 'round' | 'wide';
};

export function ImagePicker({ name, legend, images, chosen, onChoose, noneLabel, children, shape = 'round' }: ImagePickerProps) {
  return (
    <fieldset className={`${styles.choices} ${shape === 'wide' ? styles.wide : ''}`}>
      <legend className={forms.label}>{legend}</legend>
      <div className={styles.grid}>
        {noneLabel ? (
          <label className={styles.choice}>
            <input type="radio" name={name} value="" checked={chosen === null} onChange={() => onChoose(null)} />
            <span className={styles.none} aria-hidden="true" />
            <span>{noneLabel}</span>
          </label>
        ) : null}
        {images.map((item) => (
          <label key={item.id} className={styles.choice}>
            <input type="radio" name={name} value={item.id} checked={chosen === item.id} onChange={() => onChoose(item.id)} />
            <img src={thumbnailOf(item)} alt="" width={item.width ?? undefined} height={item.height ?? undefined} loading="lazy" />
            <span>{item.label ?? 'Imagen sin nombre'}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
