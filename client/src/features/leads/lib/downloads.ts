// The files the lead pages hand out, each with its fixed name, and how a download starts.

export type DownloadFile = { href: string; filename: string };

export const DOWNLOADS = {
  audiobook: { href: '/downloads/soltar-el-pasado.mp3', filename: 'soltar-el-pasado.mp3' },
  levels: { href: '/downloads/niveles-de-conciencia.pdf', filename: 'niveles-de-conciencia.pdf' },
  fragment: { href: '/downloads/afirmaciones-fragmento.pdf', filename: 'afirmaciones-fragmento.pdf' },
  // Buyers only: the API checks the session and the purchase, and answers as an attachment.
  ebook: { href: '/api/downloads/afirmaciones-ebook', filename: 'afirmaciones-ebook-completo.pdf' },
} as const satisfies Record<string, DownloadFile>;

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
