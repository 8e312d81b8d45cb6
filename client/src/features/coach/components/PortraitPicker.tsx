// The portrait part of /coach/ajustes: her photo as the site shows it, chosen among the images of her media
// library or uploaded right here (then used at once); «Quitar la foto» leaves the pages without one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { ImagePicker } from '../../../components/ImagePicker/ImagePicker';
import { MediaUpload } from '../../../components/MediaUpload/MediaUpload';
import { mediaQueries, thumbnailOf } from '../../../lib/media';
import forms from '../../../styles/forms.module.css';
import { settingsMutations, settingsQueries } from '../api/settings-queries';
import styles from '../coach.module.css';
import page from '../pages/SettingsPage.module.css';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

export function PortraitPicker({ current }: { current: string | null }) {
  const queryClient = useQueryClient();
  const library = useQuery(mediaQueries.library());
  const images = (library.data ?? []).filter((item) => item.kind === 'image');
  const [chosen, setChosen] = useState<string | null>(current);
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    ...settingsMutations.save(),
    onSuccess: (data, body) => {
      queryClient.setQueryData(settingsQueries.key(), data);
      setChosen(data.settings.coachPhoto);
      setDone(body.coachPhoto ? 'Tu foto ya está en el sitio.' : 'Quitaste tu foto del sitio.');
    },
  });
  const shown = images.find((i) => i.id === current);
  const use = (id: string | null) => {
    setDone(null);
    save.mutate({ coachPhoto: id });
  };

  return (
    <section className={page.group} aria-labelledby="ajustes-foto">
      <h2 id="ajustes-foto" className={styles.sectionTitle}>
        Tu foto
      </h2>
      <p className={page.lead}>La foto que acompaña tu nombre en /about, el menú y las páginas de venta. Sin foto, esas páginas se muestran sin ella.</p>
      <div className={page.portraitNow}>
        {shown ? (
          <img
            className={page.portraitPreview}
            src={thumbnailOf(shown)}
            alt="Tu foto actual"
            width={shown.width ?? undefined}
            height={shown.height ?? undefined}
          />
        ) : (
          <p className={page.hint}>{current ? 'Cargando tu foto…' : 'Todavía no elegiste una foto.'}</p>
        )}
        {current ? (
          <Button variant="secondary" disabled={save.isPending} onClick={() => use(null)}>
            Quitar la foto
          </Button>
        ) : null}
      </div>

      {images.length > 0 ? (
        <ImagePicker name="coach-photo" legend="Elige una imagen de tu biblioteca" images={images} chosen={chosen} onChoose={setChosen}>
          <div className={forms.actions}>
            <Button disabled={save.isPending || !chosen || chosen === current} onClick={() => chosen && use(chosen)}>
              {save.isPending ? 'Guardando…' : 'Usar esta foto'}
            </Button>
          </div>
        </ImagePicker>
      ) : null}
      {save.isError ? (
        <p className={forms.alert} role="alert">
          {save.error.message}
        </p>
      ) : null}
      <span role="status" className={page.saved}>
        {done}
      </span>

      <h3 className={page.subTitle}>O sube una foto nueva</h3>
      <MediaUpload
        fileLabel="Foto"
        hint="JPEG, PNG o WebP, hasta 10 MB. Se guarda en tu biblioteca y se usa como tu foto."
        accept={IMAGE_TYPES}
        withLabel={false}
        submitLabel="Subir y usar como foto"
        onUploaded={(item) => item.kind === 'image' && use(item.id)}
      />
    </section>
  );
}
