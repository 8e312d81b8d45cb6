// The upload form of the coach's media library (the desk's media page, the portrait picker of her settings, a
// letter's cover): a file, an optional name, a busy button while it goes up, the server's Spanish refusal or a
// confirmation. Inside another form (a letter's), it is a group of that form's fields with a button of its own,
// since a form cannot hold another.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_MEDIA_LABEL, MEDIA_ACCEPT, MEDIA_MESSAGES } from '../../../../course/media';
import { mediaMutations, mediaQueries, uploadProblem, type MediaItem } from '../../lib/media';
import forms from '../../styles/forms.module.css';
import { Button } from '../Button/Button';
import { Field } from '../Field/Field';

type MediaUploadProps = {
  /** The file input's label. */
  fileLabel?: string;
  hint?: string;
  /** The types offered by the file picker (the server still decides by the content). */
  accept?: string;
  /** Ask for a name to find the file by in the library. */
  withLabel?: boolean;
  submitLabel?: string;
  onUploaded?: (item: MediaItem) => void;
  /** Inside another form: its fields and a button that uploads, instead of a form of its own. */
  inForm?: boolean;
};

export function MediaUpload({
  fileLabel = 'Archivo',
  hint = 'Imágenes JPEG, PNG o WebP (hasta 10 MB), audios MP3, M4A u OGG (hasta 60 MB), PDF (hasta 30 MB) o videos MP4 o WebM (hasta 100 MB).',
  accept = MEDIA_ACCEPT,
  withLabel = true,
  submitLabel = 'Subir',
  onUploaded,
  inForm = false,
}: MediaUploadProps) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = useMutation({
    ...mediaMutations.upload(),
    onSuccess: async (item) => {
      setDone(`${MEDIA_MESSAGES.uploaded}${item.label ? ` «${item.label}» ya está en tu biblioteca.` : ' Ya está en tu biblioteca.'}`);
      setFile(null);
      setLabel('');
      if (fileInput.current) fileInput.current.value = '';
      await queryClient.invalidateQueries({ queryKey: mediaQueries.key() });
      onUploaded?.(item);
    },
  });

  const send = () => {
    setDone(null);
    const found = uploadProblem(file, label) ?? null;
    setProblem(found);
    if (found || !file) return;
    upload.mutate({ file, label });
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send();
  };
  const error = problem ?? (upload.isError ? upload.error.message : null);
  const busy = upload.isPending || undefined;
  const wrap = (children: ReactNode) =>
    inForm ? (
      <div className={forms.form} aria-busy={busy}>
        {children}
      </div>
    ) : (
      <form className={forms.form} onSubmit={submit} noValidate aria-busy={busy}>
        {children}
      </form>
    );

  return wrap(
    <>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={fileId}>
          {fileLabel}
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={accept}
          className={forms.input}
          aria-describedby={`${fileId}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
            setDone(null);
            upload.reset();
          }}
        />
        <p id={`${fileId}-hint`} className={forms.hint}>
          {hint}
        </p>
      </div>
      {withLabel ? (
        <Field
          label="Nombre (opcional)"
          hint="Para encontrarlo en tu biblioteca, por ejemplo «Retrato en el jardín»."
          value={label}
          maxLength={MAX_MEDIA_LABEL}
          onChange={(e) => setLabel(e.target.value)}
        />
      ) : null}
      {error ? (
        <p className={forms.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={forms.actions}>
        <Button type={inForm ? 'button' : 'submit'} disabled={upload.isPending} onClick={inForm ? send : undefined}>
          {upload.isPending ? 'Subiendo…' : submitLabel}
        </Button>
        <span role="status" className={forms.hint}>
          {done}
        </span>
      </div>
    </>,
  );
}
