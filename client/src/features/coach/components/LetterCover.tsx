// The «Portada» part of the letter editor: the cover as chosen (saved with the letter, like its other fields), one
// of her JPEG or PNG images to choose from, or one uploaded right here (then chosen), and «Quitar la portada». A
// cover goes in the mail too, and mail programs do not all show WebP: those images are not offered.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LETTER_MESSAGES } from '../../../../../course/newsletter';
import { Button } from '../../../components/Button/Button';
import { ImagePicker } from '../../../components/ImagePicker/ImagePicker';
import { MediaUpload } from '../../../components/MediaUpload/MediaUpload';
import { mediaQueries, thumbnailOf, type MediaItem } from '../../../lib/media';
import forms from '../../../styles/forms.module.css';
import own from './Editor.module.css';

const MAIL_IMAGE_TYPES = ['image/jpeg', 'image/png'];
const COVER_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
const isCoverImage = (item: MediaItem) => item.kind === 'image' && MAIL_IMAGE_TYPES.includes(item.contentType);

type LetterCoverProps = {
  /** The media id chosen, or null. */
  value: string | null;
  /** The saved cover's image, shown until the library has loaded. */
  savedImage?: { src: string; width: number; height: number } | null;
  error?: string;
  onChange: (id: string | null) => void;
};

export function LetterCover({ value, savedImage, error, onChange }: LetterCoverProps) {
  const library = useQuery(mediaQueries.library());
  const images = (library.data ?? []).filter(isCoverImage);
  const [problem, setProblem] = useState<string | null>(null);
  // The choices and the upload are there only while open: closed, nothing of them is on the page.
  const [open, setOpen] = useState(false);
  const chosen = images.find((item) => item.id === value);
  const shown = chosen
    ? { src: thumbnailOf(chosen), width: chosen.width ?? undefined, height: chosen.height ?? undefined }
    : value && savedImage
      ? savedImage
      : null;
  const message = problem ?? error;
  const choose = (id: string | null) => {
    setProblem(null);
    onChange(id);
  };
  // A new image is the cover at once, shown above: the choices close.
  const uploaded = (item: MediaItem) => {
    if (!isCoverImage(item)) return setProblem(item.kind === 'image' ? LETTER_MESSAGES.coverFormat : LETTER_MESSAGES.cover);
    choose(item.id);
    setOpen(false);
  };

  return (
    <fieldset className={forms.group} aria-describedby="carta-portada-hint">
      <legend className={forms.label}>Portada</legend>
      <p id="carta-portada-hint" className={forms.hint}>
        Opcional: una imagen que va bajo el título, en la página y en el correo. JPEG o PNG.
      </p>
      {shown ? (
        <div className={own.coverNow}>
          <img src={shown.src} alt="La portada elegida" width={shown.width} height={shown.height} />
          <Button variant="secondary" onClick={() => choose(null)}>
            Quitar la portada
          </Button>
        </div>
      ) : value ? (
        <p className={forms.hint}>Cargando la portada…</p>
      ) : null}
      {message ? (
        <p className={forms.fieldError} role="alert">
          {message}
        </p>
      ) : null}
      <details className={own.coverChoices} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{value ? 'Cambiar la portada' : 'Elegir una portada'}</summary>
        {open ? (
          <div className={own.coverChoicesBody}>
            {images.length > 0 ? (
              <ImagePicker name="carta-portada" legend="Tus imágenes" images={images} chosen={value} onChoose={choose} shape="wide" />
            ) : library.isSuccess ? (
              <p className={forms.hint}>Todavía no tienes imágenes JPEG o PNG en tu biblioteca: sube una aquí.</p>
            ) : null}
            <MediaUpload
              inForm
              fileLabel="O sube una imagen nueva"
              hint="JPEG o PNG, hasta 10 MB. Se guarda en tu biblioteca y queda como portada al guardar la carta."
              accept={COVER_ACCEPT}
              withLabel={false}
              submitLabel="Subir y usar como portada"
              onUploaded={uploaded}
            />
          </div>
        ) : null}
      </details>
    </fieldset>
  );
}
