// Where the coach's own files take the place of what the site ships: every place ("slot") a file of her media library
// can fill (the meditation's voice tracks and backgrounds, each activity's video, the free downloads, the retreat's
// photos), what kind of file each takes, and the messages about them. Shared by the server, which checks and serves
// them, and the desk, which offers them. A slot she has not filled keeps what the site ships (the meditation's
// synthetic voice, the sample downloads) or shows nothing (a video, a photo).
import { BACKGROUNDS, PHASES, PREMIUM_SOUND_FILES, SOUND_FILES, type PhaseId } from './meditation';
import type { MediaKind } from './media';
import { ACTIVITIES } from './syllabus';

export type SlotGroup = 'meditation' | 'videos' | 'downloads' | 'retreat';

export interface Slot {
  id: string;
  group: SlotGroup;
  /** What the desk calls it. */
  label: string;
  /** The kind of library file it takes. */
  kind: MediaKind;
  /** A video slot also takes a YouTube or Vimeo address (played embedded, in privacy mode). */
  takesVideoLink?: true;
  /** The meditation's sound this slot replaces (file name of course/meditation.ts). */
  soundFile?: string;
  /** The activity whose video this slot holds (its slug). */
  activity?: string;
  /**
   * Served only to those who may have it (premium sounds, the paid ebook, a paid activity's video): its file never
   * gets a public address, and a paid activity's video is not even listed publicly.
   */
  restricted?: true;
}

export const SLOT_GROUPS: readonly { id: SlotGroup; title: string; hint: string }[] = [
  {
    id: 'meditation',
    title: 'Meditación de las 7 fases',
    hint: 'Tus grabaciones reemplazan la voz sintética fase por fase. Lo que no grabes sigue sonando como ahora.',
  },
  { id: 'videos', title: 'Videos de las actividades', hint: 'Sube el video o pega el enlace de YouTube o Vimeo. Sin video, la actividad se muestra sin él.' },
  {
    id: 'downloads',
    title: 'Recursos gratuitos y ebook',
    hint: 'Los archivos que descargan quienes dejan su email (y el ebook completo, quienes lo compran).',
  },
  { id: 'retreat', title: 'Fotos del retiro', hint: 'Se muestran en la página del retiro, en este orden. Sin fotos, la página se muestra sin galería.' },
];

const phaseName = (id: PhaseId) => PHASES.find((p) => p.id === id)!.name;

export const RETREAT_PHOTOS = 6;
export const DOWNLOAD_SLOTS = {
  audiobook: 'download-audiobook',
  levels: 'download-levels',
  fragment: 'download-fragment',
  ebook: 'download-ebook',
} as const;

export const videoSlot = (activitySlug: string) => `video-${activitySlug}`;
export const retreatPhotoSlot = (n: number) => `retreat-photo-${n}`;

export const SLOTS: readonly Slot[] = [
  { id: 'meditation-intro', group: 'meditation', label: 'Introducción', kind: 'audio', soundFile: SOUND_FILES.intro },
  ...PHASES.map((p): Slot => ({
    id: `meditation-voice-${p.id}`,
    group: 'meditation',
    label: `Voz: ${p.name}`,
    kind: 'audio',
    soundFile: SOUND_FILES.voice(p.id),
  })),
  ...PHASES.map((p): Slot => ({
    id: `meditation-guided-${p.id}`,
    group: 'meditation',
    label: `Guía: ${phaseName(p.id)}`,
    kind: 'audio',
    soundFile: SOUND_FILES.guided(p.id),
  })),
  ...BACKGROUNDS.flatMap((b): Slot[] =>
    b.file
      ? [
          {
            id: `meditation-bg-${b.id}`,
            group: 'meditation',
            label: `Música de fondo: ${b.name}`,
            kind: 'audio',
            soundFile: b.file,
            ...(PREMIUM_SOUND_FILES.includes(b.file) ? { restricted: true as const } : {}),
          },
        ]
      : [],
  ),
  // A paid activity's video is for premium learners only (like its text): never listed publicly.
  ...ACTIVITIES.map((a): Slot => ({
    id: videoSlot(a.slug),
    activity: a.slug,
    group: 'videos',
    label: a.title,
    kind: 'video',
    takesVideoLink: true,
    ...(a.isFree ? {} : { restricted: true as const }),
  })),
  { id: DOWNLOAD_SLOTS.audiobook, group: 'downloads', label: 'Audiolibro «Soltar el Pasado»', kind: 'audio' },
  { id: DOWNLOAD_SLOTS.levels, group: 'downloads', label: 'Guía de los niveles de conciencia (PDF)', kind: 'pdf' },
  { id: DOWNLOAD_SLOTS.fragment, group: 'downloads', label: 'Fragmento del ebook de afirmaciones (PDF)', kind: 'pdf' },
  { id: DOWNLOAD_SLOTS.ebook, group: 'downloads', label: 'Ebook de afirmaciones completo (PDF, solo para quienes lo compran)', kind: 'pdf', restricted: true },
  ...Array.from({ length: RETREAT_PHOTOS }, (_, i): Slot => ({ id: retreatPhotoSlot(i + 1), group: 'retreat', label: `Foto ${i + 1}`, kind: 'image' })),
];

export const SLOT_IDS = SLOTS.map((s) => s.id) as [string, ...string[]];
const byId = new Map(SLOTS.map((s) => [s.id, s]));
export const slotById = (id: string): Slot | undefined => byId.get(id);
const bySound = new Map(SLOTS.flatMap((s) => (s.soundFile ? [[s.soundFile, s] as const] : [])));
/** The slot that replaces a sound of the meditation, if any (the bells and gongs have none). */
export const slotOfSound = (file: string): Slot | undefined => bySound.get(file);

export const PLACEMENT_MESSAGES = {
  unknownSlot: 'Ese lugar del sitio no existe.',
  notInLibrary: 'Ese archivo ya no está en tu biblioteca de medios.',
  wrongKind: (slot: Slot) =>
    `«${slot.label}» necesita ${slot.kind === 'audio' ? 'un audio' : slot.kind === 'image' ? 'una imagen' : slot.kind === 'pdf' ? 'un PDF' : 'un video'} de tu biblioteca.`,
  videoLink: 'Pega el enlace de un video de YouTube o de Vimeo (por ejemplo https://youtu.be/… o https://vimeo.com/…), o elige un video de tu biblioteca.',
  saved: 'Listo: el sitio ya usa tus archivos.',
  unchanged: 'No había cambios que guardar.',
  restored: 'Restauraste esa versión.',
  alreadyCurrent: 'Ya está así en esa versión.',
  versionNotFound: 'No existe esa versión.',
} as const;
