// /coach/medios: the coach's media library. She uploads images, audio, videos and PDFs (checked and prepared by the
// server) and finds each as a card: a thumbnail, a player or a link, its size and a «Copiar enlace» button. The page
// that puts her files in the places of the site comes in as `Placements` (app/ composes it: another feature's).
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { formatBytes, formatDuration, kindName } from '../../../../../course/media';
import { Button } from '../../../components/Button/Button';
import { MediaUpload } from '../../../components/MediaUpload/MediaUpload';
import { mediaName, mediaQueries, thumbnailOf, type MediaItem } from '../../../lib/media';
import desk from '../../../styles/desk-page.module.css';
import forms from '../../../styles/forms.module.css';
import styles from './MediaPage.module.css';

function details(item: MediaItem): string {
  const size = formatBytes(item.bytes);
  if (item.kind === 'image' && item.width && item.height) return `${size} · ${item.width} × ${item.height} px`;
  if ((item.kind === 'audio' || item.kind === 'video') && item.durationSeconds) return `${size} · ${formatDuration(item.durationSeconds)}`;
  return size;
}

function MediaCard({ item }: { item: MediaItem }) {
  const [copied, setCopied] = useState<string | null>(null);
  const name = mediaName(item);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(item.url, window.location.origin).href);
      setCopied('Enlace copiado.');
    } catch {
      setCopied('No se pudo copiar: abre el archivo y copia su dirección.');
    }
  };
  return (
    <li className={styles.card}>
      {item.kind === 'image' ? (
        <img
          className={styles.thumb}
          src={thumbnailOf(item)}
          alt={item.label ?? ''}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          loading="lazy"
        />
      ) : item.kind === 'audio' ? (
        <audio className={styles.player} controls preload="none" src={item.url} aria-label={`Escuchar ${name}`} />
      ) : item.kind === 'video' ? (
        <video className={styles.video} controls preload="none" src={item.url} aria-label={`Ver ${name}`} />
      ) : (
        <a className={styles.pdf} href={item.url} target="_blank" rel="noreferrer">
          Abrir el PDF
        </a>
      )}
      <div className={styles.body}>
        <h3 className={styles.name}>{name}</h3>
        <p className={styles.meta}>
          <span className={styles.kind}>{kindName(item.kind)}</span> {details(item)}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void copy()}>
            Copiar enlace
          </Button>
          <span role="status" className={forms.hint}>
            {copied}
          </span>
        </div>
      </div>
    </li>
  );
}

export function MediaPage({ Placements }: { Placements?: ComponentType }) {
  const library = useQuery(mediaQueries.library());
  return (
    <section className={desk.screen}>
      <title>Medios · Panel de la coach</title>
      <header className={desk.head}>
        <h1>Medios</h1>
        <p className={desk.lead}>
          Tus fotos, audios, videos y PDF. Las imágenes se preparan para cada pantalla y pierden sus datos ocultos (como la ubicación).
        </p>
      </header>
      <section className={`${desk.panel} ${styles.upload}`} aria-labelledby="media-upload">
        <h2 id="media-upload">Subir un archivo</h2>
        <MediaUpload />
      </section>
      {Placements ? <Placements /> : null}
      <section className={desk.listSection} aria-labelledby="media-library">
        <h2 id="media-library">Tu biblioteca</h2>
        {library.isPending ? <p>Cargando tu biblioteca…</p> : null}
        {library.isError ? (
          <p className={forms.alert} role="alert">
            {library.error.message}
          </p>
        ) : null}
        {library.data?.length === 0 ? (
          <p className={desk.lead}>Todavía no hay archivos en tu biblioteca. Sube el primero con el formulario de arriba.</p>
        ) : null}
        {library.data?.length ? (
          <ul className={styles.grid}>
            {library.data.map((item) => (
              <MediaCard key={item.id} item={item} />
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}
