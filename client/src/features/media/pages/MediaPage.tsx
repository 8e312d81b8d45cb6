// /coach/medios: the coach's media library. She uploads images, audio, videos and PDFs (checked and prepared by the
// server) and finds each as a card: a thumbnail, a player or a link, its size, a «Copiar enlace» button and
// «Borrar» (after an inline confirmation; a file the site uses is kept, and the server says where it is used). The
// page that puts her files in the places of the site comes in as `Placements` (app/ composes it: another feature's).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { formatBytes, formatDuration, kindName } from '../../../../../course/media';
import { Button } from '../../../components/Button/Button';
import { MediaUpload } from '../../../components/MediaUpload/MediaUpload';
import { mediaMutations, mediaName, mediaQueries, thumbnailOf, type MediaItem } from '../../../lib/media';
import desk from '../../../styles/desk-page.module.css';
import forms from '../../../styles/forms.module.css';
import styles from './MediaPage.module.css';

function details(item: MediaItem): string {
  const size = formatBytes(item.bytes);
  if (item.kind === 'image' && item.width && item.height) return `${size} · ${item.width} × ${item.height} px`;
  if ((item.kind === 'audio' || item.kind === 'video') && item.durationSeconds) return `${size} · ${formatDuration(item.durationSeconds)}`;
  return size;
}

function MediaCard({ item, onDeleted }: { item: MediaItem; onDeleted: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = mediaName(item);
  const remove = useMutation({
    ...mediaMutations.remove(),
    onSuccess: async () => {
      onDeleted(`Borraste «${name}» de tu biblioteca.`);
      await queryClient.invalidateQueries({ queryKey: mediaQueries.key() });
    },
  });
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
        {confirming ? (
          <div className={styles.confirm} role="group" aria-label={`Borrar ${name}`}>
            <p>¿Borrar este archivo?</p>
            <div className={styles.actions}>
              <Button onClick={() => remove.mutate(item.id)} disabled={remove.isPending}>
                {remove.isPending ? 'Borrando…' : 'Sí, borrar'}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setConfirming(false);
                  remove.reset();
                }}
              >
                Cancelar
              </Button>
            </div>
          </div>
        ) : (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void copy()}>
              Copiar enlace
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Borrar
            </Button>
            <span role="status" className={forms.hint}>
              {copied}
            </span>
          </div>
        )}
        {remove.isError ? (
          <p className={forms.alert} role="alert">
            {remove.error.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function MediaPage({ Placements }: { Placements?: ComponentType }) {
  const library = useQuery(mediaQueries.library());
  const [notice, setNotice] = useState('');
  return (
    <section className={desk.screen}>
      <title>Medios · Panel de la coach · Manifiesta</title>
      <header className={desk.head}>
        <p className="eyebrow">Panel de la coach</p>
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
        <p className={forms.notice} role="status">
          {notice}
        </p>
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
              <MediaCard key={item.id} item={item} onDeleted={setNotice} />
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}
