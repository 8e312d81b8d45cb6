// The files the lead pages hand out, each with its fixed name, and how a download starts. The coach's own file in
// a download's place (course/placements.ts) is handed out instead of the one the site ships.
import { DOWNLOAD_SLOTS } from '../../../../../course/placements';
import { usePlacement } from '../../../lib/placements';

export type DownloadFile = { href: string; filename: string };

export const DOWNLOADS = {
  audiobook: { href: '/downloads/soltar-el-pasado.mp3', filename: 'soltar-el-pasado.mp3' },
  levels: { href: '/downloads/niveles-de-conciencia.pdf', filename: 'niveles-de-conciencia.pdf' },
  fragment: { href: '/downloads/afirmaciones-fragmento.pdf', filename: 'afirmaciones-fragmento.pdf' },
  // Buyers only: the API checks the session and the purchase, and answers as an attachment.
  ebook: { href: '/api/downloads/afirmaciones-ebook', filename: 'afirmaciones-ebook-completo.pdf' },
} as const satisfies Record<string, DownloadFile>;

type FreeDownload = 'audiobook' | 'levels' | 'fragment';

/** A free download as the page hands it out: the coach's file when she put one in its place (its name keeps its type). */
export function useDownloadFile(key: FreeDownload): DownloadFile {
  const placed = usePlacement(DOWNLOAD_SLOTS[key]);
  const shipped = DOWNLOADS[key];
  if (!placed) return shipped;
  const ext = /\.(\w+)$/.exec(placed.url)?.[1];
  return { href: placed.url, filename: ext ? shipped.filename.replace(/\.\w+$/, `.${ext}`) : shipped.filename };
}

/**
 * Starts the browser's download of `file` with a click on a temporary <a download>: the file streams to disk
 * (a phone never holds it in memory) and the page stays where it is.
 */
export function startDownload(file: DownloadFile): void {
  const link = document.createElement('a');
  link.href = file.href;
  link.download = file.filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
