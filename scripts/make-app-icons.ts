/**
 * Makes the app's home-screen icons from the site's mark (client/public/favicon.svg: a sun rising over the
 * horizon, in the site's teal, sand and terracotta), drawn by the local Chromium and committed as PNGs:
 *
 *   client/public/icons/icon-192.png, icon-512.png   "any": the rounded square of the favicon, transparent corners
 *   client/public/icons/maskable-512.png             "maskable": full-bleed teal, the mark inside the central 80 %
 *                                                     (the safe zone that every launcher's mask keeps)
 *   client/public/icons/apple-touch-icon.png         180 px, full-bleed (iOS rounds the corners itself)
 *
 * Run: npx tsx scripts/make-app-icons.ts   (needs Chromium: CHROMIUM_PATH, /usr/bin/chromium or Playwright's)
 * The same Chromium gives the same bytes; a file whose bytes did not change is not rewritten.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../tests/e2e/browser';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'client', 'public', 'icons');

const TEAL = '#1E5E5A';
/** The favicon's drawing, on a 64 × 64 grid. */
const MARK = `<circle cx="32" cy="26" r="10" fill="#F4EBDD"/>
  <path d="M14 48c6-9 12-12 18-12s12 3 18 12" fill="none" stroke="#C4673F" stroke-width="5" stroke-linecap="round"/>`;

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${TEAL}"/>${MARK}</svg>`;
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${MARK}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.85) },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  fs.mkdirSync(OUT, { recursive: true });
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    const target = path.join(OUT, file);
    if (fs.existsSync(target) && fs.readFileSync(target).equals(png)) continue;
    fs.writeFileSync(target, png);
    console.log(`wrote ${path.relative(ROOT, target)} (${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
