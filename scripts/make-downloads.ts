/**
 * Makes the lead-magnet downloads of the free pages and the ebook sold on /afirmaciones, as real content:
 *
 *   client/public/downloads/soltar-el-pasado.mp3        audiobook 'Soltar el Pasado' (/nostalgia): a guided
 *                                                       reflection of 3–5 min, text in downloads/soltar-el-pasado.txt
 *   client/public/downloads/niveles-de-conciencia.pdf   'Los 18 Niveles de Conciencia' (/niveles), 5 pages: levels
 *                                                       and pyramid from course/consciousness.ts, the rest in
 *                                                       downloads/niveles.ts
 *   client/public/downloads/afirmaciones-fragmento.pdf  free fragment of the ebook (/afirmaciones), 6 pages
 *   assets/private/afirmaciones-ebook-completo.pdf      the full ebook, 14 pages: kept OUT of client/public on
 *                                                       purpose, the API serves it only to buyers
 *                                                       (server/features/payments/routes.ts)
 *   Both ebook PDFs take every text from downloads/afirmaciones.ts, so the fragment's chapters are exactly the
 *   full ebook's.
 *
 * Needs: Node 20 with the repo's devDependencies (pdfkit, whose standard fonts cover á é í ó ú ü ñ ¿ ¡ « »),
 * and for the audio the Debian packages espeak-ng (Spanish voice 'es'), sox and ffmpeg (libmp3lame):
 *   apt-get install -y espeak-ng sox ffmpeg
 *
 * Run:  npm run make:downloads                    (everything)
 *       npx tsx scripts/make-downloads.ts audio    (only some: audio, niveles, afirmaciones)
 *       DOWNLOADS_VOICE=es-419 npm run make:downloads   (another espeak-ng voice; default 'es')
 *
 * Idempotent: the PDFs carry a fixed creation date and document ID (SOURCE_DATE_EPOCH overrides the date) and
 * the audio chain is seeded (sox -R) and written bit-exact by ffmpeg, so a re-run produces the same bytes; a
 * file whose bytes did not change is not rewritten. Each output is checked (page count, duration) before it is
 * written. Takes about half a minute, almost all of it the speech.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { CONSCIOUSNESS_LEVELS, CREATION_PYRAMID, POWER_THRESHOLD } from '../course/consciousness';
import * as A from './downloads/afirmaciones';
import * as N from './downloads/niveles';

const ROOT = path.resolve(import.meta.dirname, '..');
const HERE = path.join(ROOT, 'scripts', 'downloads');
const PUBLIC_DIR = path.join(ROOT, 'client', 'public', 'downloads');
const PRIVATE_DIR = path.join(ROOT, 'assets', 'private');

export const OUTPUTS = {
  audiobook: path.join(PUBLIC_DIR, 'soltar-el-pasado.mp3'),
  levels: path.join(PUBLIC_DIR, 'niveles-de-conciencia.pdf'),
  fragment: path.join(PUBLIC_DIR, 'afirmaciones-fragmento.pdf'),
  ebook: path.join(PRIVATE_DIR, 'afirmaciones-ebook-completo.pdf'),
} as const;

/** Fixed so that re-runs write the same bytes (the PDF's /ID is a hash of its info, dates included). */
const DOC_DATE = process.env.SOURCE_DATE_EPOCH ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000) : new Date(Date.UTC(2026, 0, 1));

// ───────────────────────────────────────────── shared ─────────────────────────────────────────────

const rel = (p: string) => path.relative(ROOT, p);

/** Writes only when the bytes differ, so an unchanged output keeps its mtime too. */
function writeIfChanged(file: string, data: Buffer): 'written' | 'unchanged' {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file) && fs.readFileSync(file).equals(data)) return 'unchanged';
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
  return 'written';
}

function report(file: string, data: Buffer, detail: string) {
  const state = writeIfChanged(file, data);
  console.log(`${rel(file)}  ${(data.length / 1024).toFixed(0)} KB  ${detail}  (${state})`);
}

// ────────────────────────────────────────────── PDFs ──────────────────────────────────────────────

type Doc = PDFKit.PDFDocument;

const W = 595.28; // A4, points
const H = 841.89;
const M = 58; // side margin
const CW = W - 2 * M; // content width
const FOOT = H - 40; // baseline area of the footer
const BOTTOM = H - 66; // content must end above this

const C = {
  teal: '#1D4B53',
  tealDeep: '#143740',
  tealSoft: '#DDEBE8',
  tealMid: '#5E8D90',
  terracotta: '#BF6440',
  terracottaSoft: '#F4DFD2',
  cream: '#FBF6EE',
  sand: '#F1E5D3',
  ink: '#2E2925',
  muted: '#756B61',
  line: '#DCCDB8',
  white: '#FFFFFF',
} as const;

const F = {
  serif: 'Times-Roman',
  serifBold: 'Times-Bold',
  serifItalic: 'Times-Italic',
  sans: 'Helvetica',
  sansBold: 'Helvetica-Bold',
  sansItalic: 'Helvetica-Oblique',
} as const;

type TextStyle = { font: string; size: number; color: string; lineGap?: number; align?: 'left' | 'center' | 'right' | 'justify'; spacing?: number };

const STYLE = {
  body: { font: F.sans, size: 10.5, color: C.ink, lineGap: 3.2 },
  bodySmall: { font: F.sans, size: 9.5, color: C.ink, lineGap: 2.6 },
  kicker: { font: F.sansBold, size: 8.5, color: C.terracotta, spacing: 1.8 },
  h1: { font: F.serifBold, size: 27, color: C.teal },
  h2: { font: F.serifBold, size: 15.5, color: C.teal },
  h3: { font: F.sansBold, size: 10.5, color: C.teal },
} satisfies Record<string, TextStyle>;

function createDoc(info: { title: string; subject: string; keywords: string }): Doc {
  return new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    lang: 'es-AR',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: 'Manifiesta',
      Subject: info.subject,
      Keywords: info.keywords,
      Creator: 'Manifiesta (scripts/make-downloads.ts)',
      Producer: 'PDFKit',
      CreationDate: DOC_DATE,
      ModDate: DOC_DATE,
    },
  });
}

/** Adds a page with the cream background; returns its number (1-based). */
function page(doc: Doc, background: string = C.cream): number {
  doc.addPage({ size: 'A4', margin: 0 });
  doc.rect(0, 0, W, H).fill(background);
  return doc.bufferedPageRange().count;
}

function style(doc: Doc, s: TextStyle) {
  doc.font(s.font).fontSize(s.size).fillColor(s.color);
}

/** Writes text at (x, y) and returns the y just below it. */
function text(doc: Doc, str: string, x: number, y: number, width: number, s: TextStyle): number {
  style(doc, s);
  doc.text(str, x, y, { width, lineGap: s.lineGap ?? 0, align: s.align ?? 'left', characterSpacing: s.spacing ?? 0 });
  return doc.y;
}

function measure(doc: Doc, str: string, width: number, s: TextStyle): number {
  style(doc, s);
  return doc.heightOfString(str, { width, lineGap: s.lineGap ?? 0, characterSpacing: s.spacing ?? 0 });
}

/** Kicker + title + short rule; returns the y where the content starts. */
function heading(doc: Doc, kicker: string, title: string, y = 62): number {
  y = text(doc, kicker.toUpperCase(), M, y, CW, STYLE.kicker) + 6;
  y = text(doc, title, M, y, CW, STYLE.h1) + 8;
  doc.rect(M, y, 46, 2.2).fill(C.terracotta);
  return y + 22;
}

function paragraphs(doc: Doc, paras: readonly string[], x: number, y: number, width: number, s: TextStyle = STYLE.body, gap = 9): number {
  for (const p of paras) y = text(doc, p, x, y, width, s) + gap;
  return y - gap;
}

/** A rounded panel sized to its content: draws the background first, then calls draw(innerY). */
function panel(doc: Doc, x: number, y: number, w: number, h: number, fill: string, stroke?: string) {
  doc.roundedRect(x, y, w, h, 8);
  if (stroke) doc.lineWidth(1).fillAndStroke(fill, stroke);
  else doc.fill(fill);
}

function dot(doc: Doc, x: number, y: number, r: number, color: string) {
  doc.circle(x, y, r).fill(color);
}

function ensureFits(y: number, what: string) {
  if (y > BOTTOM) throw new Error(`${what}: the content ends at y=${y.toFixed(0)}, below the limit ${BOTTOM.toFixed(0)}; shorten the texts`);
}

/** Page numbers and a running title on every page but the cover. */
function footers(doc: Doc, runningTitle: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start + 1; i < start + count; i++) {
    doc.switchToPage(i);
    doc
      .moveTo(M, FOOT - 8)
      .lineTo(W - M, FOOT - 8)
      .lineWidth(0.5)
      .stroke(C.line);
    style(doc, { font: F.sans, size: 8, color: C.muted });
    doc.text(runningTitle, M, FOOT, { width: CW / 2, lineBreak: false });
    doc.text(`${i + 1} / ${count}`, W / 2, FOOT, { width: CW / 2, align: 'right', lineBreak: false });
  }
}

function finish(doc: Doc, expectedPages: number, what: string): Promise<Buffer> {
  const pages = doc.bufferedPageRange().count;
  if (pages !== expectedPages) throw new Error(`${what}: ${pages} pages, expected ${expectedPages} (some text overflowed a page)`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function brand(doc: Doc, y: number, color: string, align: 'left' | 'center' = 'center') {
  text(doc, 'MANIFIESTA', M, y, CW, { font: F.sansBold, size: 9, color, spacing: 4, align });
  text(doc, 'Coaching holístico', M, y + 14, CW, { font: F.serifItalic, size: 10.5, color, align });
}

// ─────────────────────────────────── 'Los 18 Niveles de Conciencia' ───────────────────────────────────

async function makeLevelsPdf(): Promise<Buffer> {
  // The count comes from course/consciousness.ts; ensureFits below says when the table no longer fits its page.
  const levels = CONSCIOUSNESS_LEVELS;
  const doc = createDoc({
    title: N.TITLE,
    subject: 'El mapa de los niveles de conciencia como perspectiva para observarte: tabla, pirámide de la creación y prácticas',
    keywords: 'niveles de conciencia, Hawkins, fuerza, poder, coraje, creencias, Manifiesta',
  });

  // 1. Cover: deep teal, the levels as a rising staircase of bars.
  page(doc, C.teal);
  doc.outline.addItem('Portada');
  doc
    .circle(W - 40, 120, 190)
    .fillOpacity(0.07)
    .fill(C.cream)
    .fillOpacity(1);
  text(doc, 'GUÍA GRATUITA', M, 92, CW, { font: F.sansBold, size: 9, color: C.terracottaSoft, spacing: 3 });
  text(doc, `Los ${levels.length} Niveles\nde Conciencia`, M, 116, CW, { font: F.serifBold, size: 44, color: C.cream, lineGap: 2 });
  doc.rect(M, 238, 56, 2.5).fill(C.terracotta);
  text(doc, N.SUBTITLE, M, 256, CW * 0.8, { font: F.serifItalic, size: 17, color: C.cream, lineGap: 3 });
  {
    const baseY = 650;
    const maxH = 250;
    const gap = 6;
    const bw = (CW - gap * (levels.length - 1)) / levels.length;
    levels.forEach((lv, i) => {
      const h = 18 + (maxH - 18) * Math.sqrt(lv.score / 700);
      const x = M + i * (bw + gap);
      doc.roundedRect(x, baseY - h, bw, h, 3).fill(lv.category === 'Poder' ? C.cream : C.terracotta);
      doc.save();
      doc.rotate(-90, { origin: [x + bw / 2, baseY - 8] });
      style(doc, { font: F.sansBold, size: 6.5, color: lv.category === 'Poder' ? C.teal : C.cream });
      doc.text(`${lv.name.toUpperCase()} ${lv.score}`, x + bw / 2, baseY - 8 - 3, { lineBreak: false });
      doc.restore();
    });
    const leapX = M + levels.findIndex((l) => l.score >= POWER_THRESHOLD) * (bw + gap) - gap / 2;
    doc
      .moveTo(leapX, baseY + 10)
      .lineTo(leapX, baseY - maxH - 10)
      .dash(3, { space: 3 })
      .lineWidth(1)
      .stroke(C.terracottaSoft)
      .undash();
    text(doc, 'Fuerza', M, baseY + 12, leapX - M - 6, { font: F.serifItalic, size: 12, color: C.terracottaSoft });
    text(doc, 'Poder', leapX + 6, baseY + 12, CW, { font: F.serifItalic, size: 12, color: C.cream });
    text(doc, 'El Salto al Poder', leapX - 110, baseY - maxH - 26, 104, { font: F.sansBold, size: 8, color: C.terracottaSoft, align: 'right' });
  }
  brand(doc, H - 92, C.cream);

  // 2. Introduction: what the map is and is not; Fuerza and Poder.
  page(doc);
  doc.outline.addItem('Introducción');
  let y = heading(doc, 'Introducción', 'Un mapa, no una etiqueta');
  y = paragraphs(doc, N.INTRODUCTION, M, y, CW) + 24;
  {
    const gap = 16;
    const cw = (CW - gap) / 2;
    const pad = 16;
    const hs = N.FORCE_AND_POWER.map((c) => 24 + measure(doc, c.text, cw - 2 * pad, STYLE.bodySmall));
    const ph = Math.max(...hs) + 2 * pad;
    N.FORCE_AND_POWER.forEach((c, i) => {
      const x = M + i * (cw + gap);
      const power = i === 1;
      panel(doc, x, y, cw, ph, power ? C.tealSoft : C.terracottaSoft);
      text(doc, c.title, x + pad, y + pad, cw - 2 * pad, { ...STYLE.h2, size: 14, color: power ? C.teal : C.terracotta });
      text(doc, c.text, x + pad, y + pad + 24, cw - 2 * pad, STYLE.bodySmall);
    });
    y += ph + 26;
  }
  y = text(doc, 'Cómo leer la tabla', M, y, CW, STYLE.h2) + 8;
  y = text(doc, N.HOW_TO_READ, M, y, CW, STYLE.body) + 24;
  {
    const pad = 18;
    const lh = 22;
    const h = pad * 2 + 22 + N.FIRST_QUESTIONS.length * lh - 6;
    panel(doc, M, y, CW, h, C.white, C.line);
    text(doc, 'TRES PREGUNTAS PARA EMPEZAR', M + pad, y + pad, CW - 2 * pad, STYLE.kicker);
    N.FIRST_QUESTIONS.forEach((q, i) => {
      text(doc, `${i + 1}.`, M + pad, y + pad + 22 + i * lh, 18, { font: F.serifBold, size: 12.5, color: C.terracotta });
      text(doc, q, M + pad + 18, y + pad + 22 + i * lh, CW - 2 * pad - 18, { font: F.serifItalic, size: 12.5, color: C.teal });
    });
    y += h + 26;
  }
  doc.rect(M, y, 2.5, 30).fill(C.terracotta);
  y = text(doc, N.QUOTE, M + 16, y + 6, CW - 16, { font: F.serifItalic, size: 15, color: C.teal }) + 10;
  ensureFits(y, 'niveles p2');

  // 3. The table of the levels, from the highest down, with the leap at 200 highlighted.
  page(doc);
  doc.outline.addItem(`La tabla de los ${levels.length} niveles`);
  y = heading(doc, 'El mapa completo', `Los ${levels.length} niveles`, 52) - 6;
  {
    const cols = [
      { title: 'Nivel', w: 100 },
      { title: 'Puntaje', w: 54, align: 'center' as const },
      { title: 'Categoría', w: 66, align: 'center' as const },
      { title: 'Emoción', w: 96 },
      { title: 'Visión de la vida', w: CW - 100 - 54 - 66 - 96 },
    ];
    const xs = cols.map((_, i) => M + cols.slice(0, i).reduce((s, c) => s + c.w, 0));
    const pad = 6;
    const insightStyle: TextStyle = { font: F.sansItalic, size: 7.6, color: C.muted, lineGap: 0.6 };
    // header
    doc.rect(M, y, CW, 22).fill(C.teal);
    cols.forEach((c, i) =>
      text(doc, c.title.toUpperCase(), xs[i]! + pad, y + 7.5, c.w - 2 * pad, {
        font: F.sansBold,
        size: 7.3,
        color: C.cream,
        spacing: 0.6,
        align: c.align ?? 'left',
      }),
    );
    y += 22;
    const top = [...levels].reverse();
    for (const lv of top) {
      const power = lv.category === 'Poder';
      const insightW = CW - 2 * pad - 14;
      // Tight rows: the whole scale fits one page.
      const rowH = 5 + 13 + measure(doc, lv.insight, insightW, insightStyle) + 4;
      doc.rect(M, y, CW, rowH).fill(power ? '#EDF4F2' : '#F8EEE3');
      doc
        .moveTo(M, y + rowH)
        .lineTo(M + CW, y + rowH)
        .lineWidth(0.5)
        .stroke(C.white);
      const ty = y + 5;
      text(doc, lv.name, xs[0]! + pad, ty - 0.5, cols[0]!.w - 2 * pad, { font: F.serifBold, size: 12, color: power ? C.teal : C.terracotta });
      text(doc, String(lv.score), xs[1]! + pad, ty, cols[1]!.w - 2 * pad, { font: F.sansBold, size: 10, color: C.ink, align: 'center' });
      {
        const pw = 50;
        const px = xs[2]! + (cols[2]!.w - pw) / 2;
        doc.roundedRect(px, ty - 1.5, pw, 13, 6.5).fill(power ? C.teal : C.terracotta);
        text(doc, lv.category, px, ty + 1.2, pw, { font: F.sansBold, size: 7.5, color: C.white, align: 'center' });
      }
      text(doc, lv.emotion, xs[3]! + pad, ty + 0.5, cols[3]!.w - 2 * pad, { font: F.sans, size: 9.5, color: C.ink });
      text(doc, lv.paradigm, xs[4]! + pad, ty + 0.5, cols[4]!.w - 2 * pad, { font: F.sans, size: 9.5, color: C.ink });
      text(doc, lv.insight, xs[0]! + pad + 14, ty + 15, insightW, insightStyle);
      y += rowH;
      if (lv.score === POWER_THRESHOLD) {
        // The leap sits between Coraje (the first level of Poder) and the highest level of Fuerza below it.
        const bh = 34;
        doc.rect(M, y, CW, bh).fill(C.terracotta);
        text(doc, 'EL SALTO AL PODER', M + pad, y + 7, CW - 2 * pad, { font: F.sansBold, size: 8.5, color: C.white, spacing: 1.5 });
        text(
          doc,
          `Coraje (${POWER_THRESHOLD}) es el primer nivel de Poder: de aquí hacia arriba, la energía deja de empujar y empieza a sostener.`,
          M + pad,
          y + 19,
          CW - 2 * pad,
          {
            font: F.sansItalic,
            size: 8,
            color: C.white,
          },
        );
        y += bh;
      }
    }
    text(
      doc,
      'Basado en la escala de conciencia de David R. Hawkins. Los puntajes son orientativos: una guía para la autoobservación, no una medición.',
      M,
      y + 8,
      CW,
      {
        font: F.sansItalic,
        size: 7.5,
        color: C.muted,
      },
    );
    y = doc.y;
  }
  ensureFits(y, 'niveles p3 (tabla)');

  // 4. The creation pyramid and the leap to Power.
  page(doc);
  doc.outline.addItem('La pirámide de la creación');
  y = heading(doc, 'De dónde nace cada nivel', 'La pirámide de la creación');
  y = text(doc, N.PYRAMID_INTRO, M, y, CW, STYLE.body) + 22;
  {
    const pw = 230; // pyramid base width
    const ph = 250;
    const px = M;
    const apex = { x: px + pw / 2, y };
    const halfAt = (yy: number) => ((yy - apex.y) / ph) * (pw / 2);
    // From the base up: beliefs, emotions, thoughts and actions. Cut at 66 % and 34 % of the height.
    const cuts = [apex.y + ph, apex.y + ph * 0.66, apex.y + ph * 0.34, apex.y];
    const fills = [C.teal, C.terracotta, C.sand];
    const inks = [C.cream, C.white, C.teal];
    const tx = px + pw + 26;
    const tw = W - M - tx;
    CREATION_PYRAMID.forEach((tier, i) => {
      const yb = cuts[i]!;
      const yt = cuts[i + 1]!;
      const g = i === 2 ? 0 : 2.5; // a thin cream gap between tiers
      const hb = halfAt(yb);
      const ht = halfAt(yt + g);
      doc.polygon([apex.x - hb, yb], [apex.x + hb, yb], [apex.x + ht, yt + g], [apex.x - ht, yt + g]).fill(fills[i]!);
      const label = tier.id === 'thoughts-actions' ? 'Pensamientos\ny acciones' : tier.title;
      const ly = i === 2 ? yb - 36 : (yb + yt) / 2 - 12;
      text(doc, label, apex.x - 60, ly, 120, { font: F.serifBold, size: i === 2 ? 10.5 : 13, color: inks[i]!, align: 'center' });
      text(doc, tier.mind, apex.x - 60, doc.y + 1, 120, { font: F.sansItalic, size: 8, color: inks[i]!, align: 'center' });
      // The explanation on the right, at the height of its tier.
      const mid = (yb + yt) / 2;
      const body = `${tier.title} · ${tier.mind.toLowerCase()}`;
      const hText = measure(doc, tier.explanation, tw, STYLE.bodySmall) + 18;
      const ey = mid - hText / 2;
      doc
        .moveTo(apex.x + halfAt(mid) + 6, mid)
        .lineTo(tx - 8, mid)
        .lineWidth(0.7)
        .dash(2, { space: 2 })
        .stroke(C.tealMid)
        .undash();
      text(doc, body, tx, ey, tw, { font: F.sansBold, size: 9.5, color: i === 1 ? C.terracotta : C.teal });
      text(doc, tier.explanation, tx, ey + 15, tw, STYLE.bodySmall);
    });
    y = apex.y + ph + 24;
  }
  y = text(doc, N.PYRAMID_OUTRO, M, y, CW, STYLE.body) + 28;
  {
    const pad = 20;
    const inner = CW - 2 * pad;
    const h = pad + 30 + N.POWER_LEAP.text.reduce((s, p) => s + measure(doc, p, inner, STYLE.body) + 8, 0) + pad - 8;
    panel(doc, M, y, CW, h, C.terracottaSoft);
    doc.rect(M, y + 14, 4, h - 28).fill(C.terracotta);
    text(doc, `${N.POWER_LEAP.title} · Coraje, ${POWER_THRESHOLD}`, M + pad, y + pad, inner, { ...STYLE.h2, color: C.terracotta });
    paragraphs(doc, N.POWER_LEAP.text, M + pad, y + pad + 30, inner, STYLE.body, 8);
    y += h;
  }
  ensureFits(y, 'niveles p4 (pirámide)');

  // 5. Practices and closing.
  page(doc);
  doc.outline.addItem('Prácticas para subir de nivel');
  y = heading(doc, 'Para tu día a día', 'Prácticas para subir de nivel');
  N.PRACTICES.forEach((p, i) => {
    const tx = M + 34;
    dot(doc, M + 11, y + 9, 11, i % 2 ? C.teal : C.terracotta);
    text(doc, String(i + 1), M, y + 4.5, 22, { font: F.sansBold, size: 10, color: C.white, align: 'center' });
    y = text(doc, p.title, tx, y + 1, CW - 34, STYLE.h3) + 3;
    y = text(doc, p.text, tx, y, CW - 34, STYLE.bodySmall) + 14;
  });
  y += 6;
  {
    const pad = 20;
    const h = pad * 2 + measure(doc, N.CLOSING, CW - 2 * pad, { font: F.serifItalic, size: 15, color: C.cream, lineGap: 3 });
    panel(doc, M, y, CW, h, C.teal);
    text(doc, N.CLOSING, M + pad, y + pad, CW - 2 * pad, { font: F.serifItalic, size: 15, color: C.cream, lineGap: 3, align: 'center' });
    y += h + 16;
  }
  y = text(doc, N.NEXT_STEP, M, y, CW, { ...STYLE.bodySmall, color: C.muted, align: 'center' });
  ensureFits(y, 'niveles p5 (prácticas)');

  footers(doc, `${N.TITLE} · Manifiesta`);
  return finish(doc, 5, 'niveles-de-conciencia.pdf');
}

// ─────────────────────────────────────── 'Afirmaciones' ebook ───────────────────────────────────────

type EbookKind = 'full' | 'fragment';

function ebookCover(doc: Doc, kind: EbookKind) {
  page(doc);
  doc.outline.addItem('Portada');
  // A rising sun of concentric terracotta circles, and a teal hill.
  const cx = W / 2;
  const cy = 520;
  [200, 160, 122].forEach((r, i) => {
    doc.circle(cx, cy, r).fillOpacity([0.16, 0.28, 1][i]!).fill(C.terracotta);
  });
  doc.fillOpacity(1);
  doc.path(`M 0 ${cy + 40} C ${W * 0.3} ${cy - 10}, ${W * 0.62} ${cy + 70}, ${W} ${cy + 10} L ${W} ${H} L 0 ${H} Z`).fill(C.teal);
  doc.path(`M 0 ${cy + 110} C ${W * 0.35} ${cy + 60}, ${W * 0.7} ${cy + 130}, ${W} ${cy + 80} L ${W} ${H} L 0 ${H} Z`).fill(C.tealDeep);
  text(doc, kind === 'full' ? 'EBOOK' : 'FRAGMENTO GRATUITO', M, 96, CW, { font: F.sansBold, size: 9.5, color: C.terracotta, spacing: 3, align: 'center' });
  text(doc, A.EBOOK.title, M, 122, CW, { font: F.serifBold, size: 58, color: C.teal, align: 'center' });
  text(doc, A.EBOOK.subtitle, M, 188, CW, { font: F.serifItalic, size: 30, color: C.terracotta, align: 'center' });
  text(doc, A.EBOOK.tagline, M + 50, 246, CW - 100, { font: F.sans, size: 12, color: C.ink, lineGap: 3, align: 'center' });
  if (kind === 'fragment') {
    const t = 'Dos capítulos completos para empezar hoy';
    panel(doc, W / 2 - 130, 300, 260, 26, C.teal);
    text(doc, t, W / 2 - 130, 308.5, 260, { font: F.sansBold, size: 9.5, color: C.cream, align: 'center' });
  } else {
    text(doc, '8 capítulos · más de 100 afirmaciones · plan de 21 días', M, 306, CW, {
      font: F.sansBold,
      size: 9.5,
      color: C.teal,
      align: 'center',
      spacing: 0.5,
    });
  }
  brand(doc, H - 96, C.cream);
}

function welcomePage(doc: Doc, kind: EbookKind, chapterPages: Map<A.ChapterId, number>, extra: { title: string; page: number }[]) {
  page(doc);
  doc.outline.addItem('Bienvenida');
  let y = heading(doc, 'Bienvenida', kind === 'full' ? 'Las palabras que eliges' : 'Empieza hoy');
  y = paragraphs(doc, kind === 'full' ? A.WELCOME : A.FRAGMENT_WELCOME, M, y, CW) + 30;
  y = text(doc, kind === 'full' ? 'Contenido' : 'Lo que trae el ebook completo', M, y, CW, STYLE.h2) + 12;
  const rows: { title: string; page?: number; note?: string }[] = [];
  if (kind === 'full') {
    rows.push({ title: 'Cómo usar las afirmaciones', page: 3 });
    A.CHAPTERS.forEach((c, i) => rows.push({ title: `${i + 1}. ${c.title}`, page: chapterPages.get(c.id)! }));
    extra.forEach((e) => rows.push(e));
  } else {
    A.CHAPTERS.forEach((c, i) => {
      const p = chapterPages.get(c.id);
      rows.push({ title: `${i + 1}. ${c.title}`, ...(p ? { page: p, note: 'en este fragmento' } : {}) });
    });
    rows.push({ title: 'Crea tus propias afirmaciones' }, { title: 'Tu plan de 21 días' });
  }
  for (const r of rows) {
    const included = r.page !== undefined;
    text(doc, r.title, M + 8, y, 300, { font: included ? F.serifBold : F.serif, size: 12.5, color: included ? C.teal : C.muted });
    if (r.page !== undefined) {
      const label = r.note ? `${r.note} · pág. ${r.page}` : String(r.page);
      const titleW = doc.font(F.serifBold).fontSize(12.5).widthOfString(r.title);
      const lw = doc.font(F.sansBold).fontSize(9.5).widthOfString(label);
      doc
        .moveTo(M + 8 + titleW + 10, y + 11)
        .lineTo(W - M - lw - 8, y + 11)
        .dash(1, { space: 3 })
        .lineWidth(0.8)
        .stroke(C.line)
        .undash();
      text(doc, label, W - M - lw - 2, y + 2, lw + 2, { font: F.sansBold, size: 9.5, color: C.terracotta, align: 'right' });
    }
    y += 22;
  }
  {
    const qy = BOTTOM - 44;
    if (y > qy - 16) throw new Error(`afirmaciones (${kind}) bienvenida: no room for the quote`);
    doc
      .moveTo(W / 2 - 30, qy)
      .lineTo(W / 2 + 30, qy)
      .lineWidth(1.2)
      .stroke(C.terracotta);
    text(doc, A.WELCOME_QUOTE, M, qy + 14, CW, { font: F.serifItalic, size: 15, color: C.teal, align: 'center' });
  }
  ensureFits(y, `afirmaciones (${kind}) bienvenida`);
}

function howToPage(doc: Doc, kind: EbookKind) {
  page(doc);
  doc.outline.addItem('Cómo usar las afirmaciones');
  let y = heading(doc, 'Antes de empezar', 'Cómo usar las afirmaciones');
  y = text(doc, A.HOW_TO.intro, M, y, CW, STYLE.body) + 22;
  A.HOW_TO.keys.forEach((k, i) => {
    const pad = 16;
    const tx = M + 58;
    const tw = CW - 58 - pad;
    const h = pad * 2 + 20 + measure(doc, k.text, tw, STYLE.bodySmall);
    panel(doc, M, y, CW, h, i === 1 ? C.terracottaSoft : C.tealSoft);
    dot(doc, M + 30, y + h / 2, 15, i === 1 ? C.terracotta : C.teal);
    text(doc, String(i + 1), M + 15, y + h / 2 - 8.5, 30, { font: F.serifBold, size: 17, color: C.white, align: 'center' });
    text(doc, k.title, tx, y + pad, tw, { ...STYLE.h2, size: 14, color: i === 1 ? C.terracotta : C.teal });
    text(doc, k.text, tx, y + pad + 20, tw, STYLE.bodySmall);
    y += h + 12;
  });
  y += 14;
  y = text(doc, 'Más sugerencias', M, y, CW, STYLE.h2) + 10;
  for (const tip of A.HOW_TO.tips) {
    dot(doc, M + 5, y + 6, 2.6, C.terracotta);
    y = text(doc, tip, M + 18, y, CW - 18, STYLE.bodySmall) + 7;
  }
  ensureFits(y, `afirmaciones (${kind}) cómo usar`);
}

function chapterPage(doc: Doc, chapter: A.Chapter, number: number) {
  page(doc);
  doc.outline.addItem(`${number}. ${chapter.title}`);
  const bandH = 150;
  doc.rect(0, 0, W, bandH).fill(C.teal);
  doc.save();
  doc.rect(0, 0, W, bandH).clip();
  doc
    .circle(W - 70, bandH - 10, 95)
    .fillOpacity(0.13)
    .fill(C.terracotta)
    .fillOpacity(1);
  doc.restore();
  text(doc, `CAPÍTULO ${number}`, M, 46, CW, { font: F.sansBold, size: 9, color: C.terracottaSoft, spacing: 2.5 });
  text(doc, chapter.title, M, 62, CW, { font: F.serifBold, size: 34, color: C.cream });
  text(doc, chapter.lead, M, 106, CW - 60, { font: F.serifItalic, size: 14, color: C.cream });
  const pad = 16;
  const inner = CW - 2 * pad;
  const affStyle: TextStyle = { font: F.serif, size: 13.2, color: C.ink, lineGap: 1.5 };
  const boxesH =
    2 * (pad * 2 + 17) + measure(doc, chapter.reflection, inner, STYLE.bodySmall) + measure(doc, chapter.practice.text, inner, STYLE.bodySmall) + 10;
  const listH = chapter.affirmations.reduce((sum, a) => sum + measure(doc, a, CW - 20, affStyle), 0);
  const top = bandH + 28;
  // Spread the affirmations over the room the boxes leave, within a calm range of spacing.
  const gap = Math.min(13, Math.max(6, (BOTTOM - 6 - top - boxesH - 18 - listH) / chapter.affirmations.length));
  let y = top;
  for (const a of chapter.affirmations) {
    dot(doc, M + 5, y + 7, 3, C.terracotta);
    y = text(doc, a, M + 20, y, CW - 20, affStyle) + gap;
  }
  y += 18 - gap;
  {
    const h = pad * 2 + 17 + measure(doc, chapter.reflection, inner, STYLE.bodySmall);
    panel(doc, M, y, CW, h, C.sand);
    text(doc, 'PARA REFLEXIONAR', M + pad, y + pad, inner, STYLE.kicker);
    text(doc, chapter.reflection, M + pad, y + pad + 17, inner, STYLE.bodySmall);
    y += h + 10;
  }
  {
    const h = pad * 2 + 17 + measure(doc, chapter.practice.text, inner, STYLE.bodySmall);
    panel(doc, M, y, CW, h, C.white, C.tealMid);
    text(doc, `PRÁCTICA · ${chapter.practice.title.toUpperCase()}`, M + pad, y + pad, inner, { ...STYLE.kicker, color: C.teal });
    text(doc, chapter.practice.text, M + pad, y + pad + 17, inner, STYLE.bodySmall);
    y += h;
  }
  ensureFits(y, `afirmaciones capítulo ${chapter.title}`);
}

function createYourOwnPage(doc: Doc) {
  page(doc);
  doc.outline.addItem('Crea tus propias afirmaciones');
  let y = heading(doc, 'Tu turno', 'Crea tus propias afirmaciones');
  y = text(doc, A.CREATE_YOUR_OWN.intro, M, y, CW, STYLE.body) + 20;
  A.CREATE_YOUR_OWN.steps.forEach((s, i) => {
    dot(doc, M + 11, y + 9, 11, i % 2 ? C.terracotta : C.teal);
    text(doc, String(i + 1), M, y + 4.5, 22, { font: F.sansBold, size: 10, color: C.white, align: 'center' });
    y = text(doc, s.title, M + 34, y + 1, CW - 34, STYLE.h3) + 3;
    y = text(doc, s.text, M + 34, y, CW - 34, STYLE.bodySmall) + 13;
  });
  y += 14;
  const pad = 20;
  const h = 34 + A.CREATE_YOUR_OWN.worksheet.length * 66 + pad;
  panel(doc, M, y, CW, h, C.white, C.line);
  text(doc, 'TU HOJA DE TRABAJO', M + pad, y + pad, CW, STYLE.kicker);
  let wy = y + pad + 26;
  for (const prompt of A.CREATE_YOUR_OWN.worksheet) {
    text(doc, prompt, M + pad, wy, CW - 2 * pad, { font: F.serifItalic, size: 12, color: C.teal });
    for (const ly of [wy + 34, wy + 56])
      doc
        .moveTo(M + pad, ly)
        .lineTo(W - M - pad, ly)
        .lineWidth(0.6)
        .stroke(C.line);
    wy += 66;
  }
  y += h;
  ensureFits(y, 'afirmaciones crea las tuyas');
}

function planPage(doc: Doc) {
  page(doc);
  doc.outline.addItem('Tu plan de 21 días');
  let y = heading(doc, 'Del saber al hábito', 'Tu plan de 21 días');
  y = text(doc, A.PLAN_INTRO, M, y, CW, STYLE.bodySmall) + 16;
  for (const week of A.PLAN) {
    doc.rect(M, y, CW, 22).fill(C.teal);
    text(doc, `${week.week.toUpperCase()}  ·  ${week.theme}`, M + 12, y + 6.5, CW - 24, { font: F.sansBold, size: 9.5, color: C.cream, spacing: 0.8 });
    y += 22;
    week.days.forEach((d, i) => {
      const rh = 21;
      doc.rect(M, y, CW, rh).fill(i % 2 ? C.cream : '#F6EDE0');
      text(doc, `Día ${d.day}`, M + 10, y + 6, 44, { font: F.sansBold, size: 8.5, color: C.terracotta });
      text(doc, d.chapter, M + 56, y + 5.5, 96, { font: F.serifBold, size: 10.5, color: C.teal });
      text(doc, d.practice, M + 154, y + 6, CW - 154 - 30, { font: F.sans, size: 8.8, color: C.ink });
      doc
        .rect(W - M - 20, y + 5, 11, 11)
        .lineWidth(0.8)
        .stroke(C.tealMid);
      y += rh;
    });
    y += 10;
  }
  ensureFits(y, 'afirmaciones plan de 21 días');
}

function closingPage(doc: Doc) {
  page(doc);
  doc.outline.addItem('Antes de despedirnos');
  let y = heading(doc, 'Cierre', 'Antes de despedirnos');
  y = paragraphs(doc, A.CLOSING, M, y, CW, STYLE.body, 11) + 18;
  y = text(doc, A.SIGNATURE, M, y, CW, { font: F.serifItalic, size: 15, color: C.terracotta }) + 34;
  const pad = 20;
  const h = 44 + 3 * 40;
  panel(doc, M, y, CW, h, C.tealSoft);
  text(doc, 'MIS TRES AFIRMACIONES ANCLA', M + pad, y + pad, CW, { ...STYLE.kicker, color: C.teal });
  for (let i = 0; i < 3; i++) {
    const ly = y + 44 + i * 40 + 18;
    text(doc, `${i + 1}.`, M + pad, ly - 14, 20, { font: F.serifBold, size: 13, color: C.teal });
    doc
      .moveTo(M + pad + 22, ly)
      .lineTo(W - M - pad, ly)
      .lineWidth(0.6)
      .stroke(C.tealMid);
  }
  y += h + 40;
  doc.circle(W / 2, y + 30, 30).fill(C.terracotta);
  brand(doc, y + 74, C.teal);
  ensureFits(y + 104, 'afirmaciones cierre');
}

function fragmentClosingPage(doc: Doc) {
  page(doc);
  doc.outline.addItem(A.FRAGMENT_CLOSING.title);
  let y = heading(doc, 'Hasta aquí el fragmento', A.FRAGMENT_CLOSING.title);
  y = paragraphs(doc, A.FRAGMENT_CLOSING.paragraphs, M, y, CW, STYLE.body, 11) + 22;
  const rest = A.CHAPTERS.filter((c) => !A.FRAGMENT_CHAPTERS.includes(c.id));
  const pad = 20;
  const items = [...rest.map((c) => `${c.title}. ${c.lead}`), 'Crea tus propias afirmaciones, con hoja de trabajo', 'Tu plan de 21 días, día por día'];
  const h = pad * 2 + 26 - 8 + items.reduce((sum, it) => sum + measure(doc, it, CW - 2 * pad - 18, STYLE.bodySmall) + 8, 0);
  panel(doc, M, y, CW, h, C.tealSoft);
  text(doc, 'EN EL EBOOK COMPLETO', M + pad, y + pad, CW, { ...STYLE.kicker, color: C.teal });
  let iy = y + pad + 26;
  for (const it of items) {
    dot(doc, M + pad + 5, iy + 5.5, 2.6, C.terracotta);
    iy = text(doc, it, M + pad + 18, iy, CW - 2 * pad - 18, STYLE.bodySmall) + 8;
  }
  y += h + 26;
  const ch = 58;
  panel(doc, M, y, CW, ch, C.terracotta);
  text(doc, A.FRAGMENT_CLOSING.cta, M + pad, y + 21, CW - 2 * pad, { font: F.serifBold, size: 15, color: C.white, align: 'center' });
  y += ch + 40;
  y = text(doc, A.SIGNATURE, M, y, CW, { font: F.serifItalic, size: 15, color: C.terracotta, align: 'center' });
  ensureFits(y, 'afirmaciones fragmento cierre');
}

async function makeEbookPdf(kind: EbookKind): Promise<Buffer> {
  const chapters =
    kind === 'full'
      ? A.CHAPTERS
      : A.FRAGMENT_CHAPTERS.map((id) => {
          const c = A.CHAPTERS.find((x) => x.id === id);
          if (!c) throw new Error(`FRAGMENT_CHAPTERS names an unknown chapter: ${id}`);
          return c;
        });
  for (const c of A.CHAPTERS) {
    const n = c.affirmations.length;
    if (n < 12 || n > 15) throw new Error(`chapter ${c.id} has ${n} affirmations, expected 12 to 15`);
  }
  const doc = createDoc({
    title: kind === 'full' ? 'Afirmaciones que transforman (ebook completo)' : 'Afirmaciones que transforman (fragmento gratuito)',
    subject:
      kind === 'full'
        ? 'Ebook de afirmaciones en ocho capítulos, con reflexiones, prácticas y un plan de 21 días'
        : 'Fragmento gratuito del ebook de afirmaciones: cómo usarlas y dos capítulos completos',
    keywords: 'afirmaciones, abundancia, amor propio, creencias, diálogo interno, Manifiesta',
  });
  // Page plan: cover, welcome, how-to, chapters, then the full ebook's extra pages.
  const chapterPages = new Map<A.ChapterId, number>();
  chapters.forEach((c, i) => chapterPages.set(c.id, 4 + i));
  const afterChapters = 4 + chapters.length;
  const extra =
    kind === 'full'
      ? [
          { title: 'Crea tus propias afirmaciones', page: afterChapters },
          { title: 'Tu plan de 21 días', page: afterChapters + 1 },
          { title: 'Antes de despedirnos', page: afterChapters + 2 },
        ]
      : [];

  ebookCover(doc, kind);
  welcomePage(doc, kind, chapterPages, extra);
  howToPage(doc, kind);
  for (const c of chapters) chapterPage(doc, c, A.CHAPTERS.indexOf(c) + 1);
  if (kind === 'full') {
    createYourOwnPage(doc);
    planPage(doc);
    closingPage(doc);
  } else {
    fragmentClosingPage(doc);
  }
  footers(doc, kind === 'full' ? 'Afirmaciones que transforman · Manifiesta' : 'Afirmaciones que transforman · Fragmento gratuito · Manifiesta');
  const expected = kind === 'full' ? afterChapters + 2 : afterChapters;
  return finish(doc, expected, kind === 'full' ? 'afirmaciones-ebook-completo.pdf' : 'afirmaciones-fragmento.pdf');
}

// ───────────────────────────────────────── the audiobook ─────────────────────────────────────────

const VOICE = process.env.DOWNLOADS_VOICE ?? 'es';
const WPM = 140;
const DEFAULT_PAUSE = 0.9; // s after a phrase
const BLOCK_PAUSE = 1.8; // at least this after the last phrase of a block (a blank line follows)
const PITCHES = [44, 40, 46, 42, 45, 39]; // the base pitch moves a little from phrase to phrase

type Phrase = { text: string; pause: number };

/** Reads the script format of downloads/soltar-el-pasado.txt (see its header). */
export function parseScript(source: string): Phrase[] {
  const phrases: Phrase[] = [];
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#')) continue;
    const last = phrases[phrases.length - 1];
    if (line === '') {
      if (last) last.pause = Math.max(last.pause, BLOCK_PAUSE);
      continue;
    }
    const m = /^\[pausa ([0-9]+(?:\.[0-9]+)?)\]$/.exec(line);
    if (m) {
      if (!last) throw new Error('a [pausa] before the first phrase');
      last.pause = Number(m[1]);
      continue;
    }
    phrases.push({ text: line, pause: DEFAULT_PAUSE });
  }
  const last = phrases[phrases.length - 1];
  if (!last) throw new Error('the script has no phrases');
  last.pause = 0;
  return phrases;
}

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (r.error) throw new Error(`${cmd}: ${r.error.message} (apt-get install -y espeak-ng sox ffmpeg)`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.slice(0, 6).join(' ')}… failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

function makeAudiobook(): { mp3: Buffer; seconds: number } {
  const voices = run('espeak-ng', ['--voices=es']);
  if (!voices.split('\n').some((l) => l.trim().split(/\s+/)[1] === VOICE)) throw new Error(`espeak-ng has no voice '${VOICE}'`);
  const phrases = parseScript(fs.readFileSync(path.join(HERE, 'soltar-el-pasado.txt'), 'utf8'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'manifiesta-audio-'));
  try {
    const S = ['-R', '-V1']; // -R: repeatable (fixed dither seed)
    const parts = phrases.map((p, i) => {
      const raw = path.join(tmp, `${i}.raw.wav`);
      const part = path.join(tmp, `${i}.wav`);
      run('espeak-ng', ['-v', VOICE, '-s', String(WPM), '-p', String(PITCHES[i % PITCHES.length]), '-g', '3', '-w', raw, p.text]);
      // Trim espeak's own leading and trailing silence, then add the script's pause.
      run('sox', [
        ...S,
        raw,
        '-b',
        '32',
        part,
        'silence',
        '1',
        '0.02',
        '-45d',
        'reverse',
        'silence',
        '1',
        '0.02',
        '-45d',
        'reverse',
        'pad',
        '0',
        String(p.pause),
      ]);
      return part;
    });
    const joined = path.join(tmp, 'joined.wav');
    run('sox', [...S, ...parts, joined]);
    // Warm it up a little: less hiss and boom, a gentle compressor (an even, audiobook-like level), a light
    // small-room reverb, gentle fades, peaks normalised to -1.5 dBFS.
    const final = path.join(tmp, 'final.wav');
    run('sox', [
      ...S,
      joined,
      '-b',
      '16',
      final,
      'gain',
      '-6',
      'highpass',
      '90',
      'lowpass',
      '7200',
      'equalizer',
      '250',
      '1q',
      '1.5',
      'compand',
      '0.005,0.15',
      '-80,-80,-45,-32,-25,-16,-10,-9,0,-7',
      '0',
      '-90',
      '0.005',
      'pad',
      '1.2',
      '2.5',
      'reverb',
      '22',
      '55',
      '45',
      '0',
      '6',
      '-7',
      'fade',
      'q',
      '1.2',
      '-0',
      '2.5',
      'gain',
      '-n',
      '-1.5',
    ]);
    const seconds = Number(run('soxi', ['-D', final]).trim());
    if (!(seconds >= 180 && seconds <= 300)) throw new Error(`the audiobook lasts ${seconds.toFixed(1)} s; it must last 3 to 5 minutes: edit the text`);
    const mp3 = path.join(tmp, 'out.mp3');
    run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      final,
      '-map_metadata',
      '-1',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '48k',
      '-metadata',
      'title=Soltar el Pasado',
      '-metadata',
      'artist=Manifiesta',
      '-metadata',
      'album=Manifiesta · Audiolibros',
      '-metadata',
      'genre=Spoken Word',
      '-metadata',
      'language=spa',
      '-id3v2_version',
      '3',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      mp3,
    ]);
    return { mp3: fs.readFileSync(mp3), seconds };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// ─────────────────────────────────────────────── main ───────────────────────────────────────────────

async function main() {
  const known = ['audio', 'niveles', 'afirmaciones'] as const;
  const args = process.argv.slice(2);
  for (const a of args) if (!(known as readonly string[]).includes(a)) throw new Error(`unknown target '${a}' (use: ${known.join(', ')})`);
  const want = (t: (typeof known)[number]) => args.length === 0 || args.includes(t);

  if (want('niveles')) report(OUTPUTS.levels, await makeLevelsPdf(), '5 pages');
  if (want('afirmaciones')) {
    report(OUTPUTS.fragment, await makeEbookPdf('fragment'), `${4 + A.FRAGMENT_CHAPTERS.length} pages`);
    report(OUTPUTS.ebook, await makeEbookPdf('full'), `${4 + A.CHAPTERS.length + 2} pages`);
  }
  if (want('audio')) {
    const { mp3, seconds } = makeAudiobook();
    report(OUTPUTS.audiobook, mp3, `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')} min`);
  }
}

main().catch((err: unknown) => {
  console.error(`make-downloads: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
