// «Tus archivos en el sitio» on /coach/medios: for each place of the site (course/placements.ts) the coach chooses a
// file of her library of the place's kind (a video's place also takes a YouTube or Vimeo link), one group at a time;
// each save sends only the places that changed and is one change in the history, any earlier version can be brought
// back. The public pages opened afterwards in the same visit use the new files at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PLACEMENT_MESSAGES, SLOT_GROUPS, SLOTS, type Slot, type SlotGroup } from '../../../../../course/placements';
import type { MediaKind } from '../../../../../course/media';
import { videoEmbed } from '../../../../../course/video';
import { mediaName, mediaQueries, thumbnailOf, type MediaItem } from '../../../lib/media';
import { refreshPlacements, usePlacementsSource } from '../../../lib/placements';
import forms from '../../../styles/forms.module.css';
import { placementsMutations, placementsQueries, type CoachPlacements, type PlacementsPatch } from '../api/placements-queries';
import page from '../pages/SettingsPage.module.css';
import { LoadError } from './LoadError';
import { SaveRow } from './SaveRow';
import { VersionHistory } from './VersionHistory';
import own from './SitePlacements.module.css';

type Values = CoachPlacements['placements'];

/** The first option of a place's list: what the site does without her file, in each group's words. */
const NONE: Record<SlotGroup, string> = {
  meditation: 'La voz que trae el sitio',
  videos: 'Sin video',
  downloads: 'El archivo que trae el sitio',
  retreat: 'Sin foto',
};
// The meditation's background music is music, not a voice.
const noneFor = (slot: Slot) => (slot.id.startsWith('meditation-bg-') ? 'La música que trae el sitio' : NONE[slot.group]);

const UPLOAD_FIRST: Record<MediaKind, string> = {
  audio: 'Sube primero un audio.',
  image: 'Sube primero una imagen.',
  pdf: 'Sube primero un PDF.',
  video: 'Sube primero un video.',
};

const LABELS = Object.fromEntries(SLOTS.map((s) => [s.id, s.label])) as Record<string, string>;

/** A video's place holds either a library file or a link: the two inputs of the form, from one saved value. */
type Choice = { file: string; link: string };
const choiceOf = (slot: Slot, value: string | null | undefined): Choice =>
  slot.takesVideoLink && value && videoEmbed(value) ? { file: '', link: value } : { file: value ?? '', link: '' };
const valueOf = (choice: Choice): string | null => choice.file || choice.link.trim() || null;

/** A place the site fills with her file: a link, or a file still in her library. */
const inUse = (value: string | null | undefined, library: MediaItem[]) => !!value && (!!videoEmbed(value) || library.some((item) => item.id === value));

function Preview({ item, link }: { item: MediaItem | undefined; link: string }) {
  const embed = link ? videoEmbed(link.trim()) : null;
  if (embed) {
    return (
      <a className={own.preview} href={link.trim()} target="_blank" rel="noreferrer">
        Ver el video en {embed.provider === 'youtube' ? 'YouTube' : 'Vimeo'}
      </a>
    );
  }
  if (!item) return null;
  const name = mediaName(item);
  switch (item.kind) {
    case 'audio':
      return <audio className={own.player} controls preload="none" src={item.url} aria-label={`Escuchar ${name}`} />;
    case 'image':
      return <img className={own.thumb} src={thumbnailOf(item)} alt="" width={item.width ?? undefined} height={item.height ?? undefined} loading="lazy" />;
    case 'video':
      return (
        <a className={own.preview} href={item.url} target="_blank" rel="noreferrer">
          Ver el video «{name}»
        </a>
      );
    case 'pdf':
      return (
        <a className={own.preview} href={item.url} target="_blank" rel="noreferrer">
          Abrir el PDF «{name}»
        </a>
      );
  }
}

function Place({
  slot,
  none,
  files,
  choice,
  error,
  onChange,
}: {
  slot: Slot;
  none: string;
  files: MediaItem[];
  choice: Choice;
  error: string | undefined;
  onChange: (choice: Choice) => void;
}) {
  const id = useId();
  const chosen = files.find((item) => item.id === choice.file);
  const hintId = files.length === 0 ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={own.place}>
      <label className={forms.label} htmlFor={`${id}-file`} id={`${id}-label`}>
        {slot.label}
      </label>
      <select
        id={`${id}-file`}
        className={forms.input}
        value={chosen ? chosen.id : ''}
        disabled={files.length === 0}
        aria-describedby={hintId}
        onChange={(e) => onChange({ file: e.target.value, link: '' })}
      >
        <option value="">{none}</option>
        {files.map((item) => (
          <option key={item.id} value={item.id}>
            {mediaName(item)}
          </option>
        ))}
      </select>
      {hintId ? (
        <p id={hintId} className={forms.hint}>
          {UPLOAD_FIRST[slot.kind]}
        </p>
      ) : null}
      {slot.takesVideoLink ? (
        <>
          <label className={forms.hint} htmlFor={`${id}-link`} id={`${id}-link-label`}>
            O pega su enlace de YouTube o Vimeo
          </label>
          <input
            id={`${id}-link`}
            className={forms.input}
            type="url"
            inputMode="url"
            placeholder="https://youtu.be/…"
            // Her words and the place's, so a screen reader tells the many link fields apart.
            aria-labelledby={`${id}-link-label ${id}-label`}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            value={choice.link}
            onChange={(e) => onChange({ file: '', link: e.target.value })}
          />
          {error ? (
            <p id={errorId} className={forms.fieldError}>
              {error}
            </p>
          ) : null}
        </>
      ) : null}
      <Preview item={chosen} link={choice.link} />
    </div>
  );
}

function GroupForm({ group, open, current, library }: { group: (typeof SLOT_GROUPS)[number]; open: boolean; current: Values; library: MediaItem[] }) {
  const queryClient = useQueryClient();
  const source = usePlacementsSource();
  const headingId = useId();
  const slots = SLOTS.filter((s) => s.group === group.id);
  const choicesFrom = (values: Values) => Object.fromEntries(slots.map((s) => [s.id, choiceOf(s, values[s.id])])) as Record<string, Choice>;
  const [choices, setChoices] = useState(() => choicesFrom(current));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    ...placementsMutations.save(),
    onSuccess: (data) => {
      queryClient.setQueryData(placementsQueries.key(), data);
      setChoices(choicesFrom(data.placements));
      setDone(PLACEMENT_MESSAGES.saved);
      void refreshPlacements(source);
    },
    onError: (error) => setAlert(error.message),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setDone(null);
    setAlert(null);
    const changes: PlacementsPatch = {};
    const found: Record<string, string> = {};
    for (const slot of slots) {
      const value = valueOf(choices[slot.id]!);
      if (value === (current[slot.id] ?? null)) continue;
      if (value && slot.takesVideoLink && !choices[slot.id]!.file && !videoEmbed(value)) found[slot.id] = PLACEMENT_MESSAGES.videoLink;
      changes[slot.id] = value;
    }
    setProblems(found);
    if (Object.keys(found).length) return setAlert('Revisa los enlaces marcados.');
    if (Object.keys(changes).length === 0) return setDone(PLACEMENT_MESSAGES.unchanged);
    save.mutate(changes);
  };
  const filled = slots.filter((s) => inUse(current[s.id], library)).length;
  return (
    <details className={own.group} open={open}>
      <summary className={own.summary}>
        <h3 id={headingId} className={own.title}>
          {group.title}
        </h3>
        <span className={own.count}>
          {filled} de {slots.length} con tu archivo
        </span>
      </summary>
      <form className={own.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
        <p className={page.lead}>{group.hint}</p>
        {slots.map((slot) => (
          <Place
            key={slot.id}
            slot={slot}
            none={noneFor(slot)}
            files={library.filter((item) => item.kind === slot.kind)}
            choice={choices[slot.id]!}
            error={problems[slot.id]}
            onChange={(choice) => {
              setChoices((c) => ({ ...c, [slot.id]: choice }));
              setDone(null);
            }}
          />
        ))}
        <SaveRow alert={alert} pending={save.isPending} done={done} />
      </form>
    </details>
  );
}

function History({ data, onRestored }: { data: CoachPlacements; onRestored: () => void }) {
  const queryClient = useQueryClient();
  const source = usePlacementsSource();
  const restore = useMutation({
    ...placementsMutations.restore(),
    onSuccess: (next) => {
      queryClient.setQueryData(placementsQueries.key(), next);
      void refreshPlacements(source);
      onRestored();
    },
  });
  const history = data.history.map((c) => ({ version: c.version, at: c.at, fields: c.slots, restoredFrom: c.restoredFrom }));
  return <VersionHistory headingId="medios-lugares-historial" current={data.version} history={history} labels={LABELS} restore={restore} />;
}

export function SitePlacements() {
  const query = useQuery(placementsQueries.current());
  const library = useQuery(mediaQueries.library());
  // The forms start again from the saved places after a restore (a save keeps them, with their «Listo»).
  const [restores, setRestores] = useState(0);
  return (
    <section className={own.section} aria-labelledby="medios-lugares">
      <h2 id="medios-lugares">Tus archivos en el sitio</h2>
      <p className={page.lead}>
        Elige qué archivo de tu biblioteca usa cada lugar del sitio: tu voz en la meditación, los videos de las actividades, las descargas y las fotos del
        retiro. Lo que no elijas sigue como está.
      </p>
      {query.isError || library.isError ? (
        <LoadError error={(query.error ?? library.error)!} retry={() => void (query.isError ? query.refetch() : library.refetch())} />
      ) : query.isPending || library.isPending ? (
        <p>Cargando tus archivos del sitio…</p>
      ) : (
        <>
          {SLOT_GROUPS.map((g, i) => (
            <GroupForm key={`${g.id}-${restores}`} group={g} open={i === 0} current={query.data.placements} library={library.data} />
          ))}
          <History data={query.data} onRestored={() => setRestores((n) => n + 1)} />
        </>
      )}
    </section>
  );
}
