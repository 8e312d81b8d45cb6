// The syllabus row icons, drawn for the project (24px grid, currentColor, decorative: the row names its state).
import type { ReactNode } from 'react';
import type { RowIcon } from '../lib/rows';

const paths: Record<RowIcon, ReactNode> = {
  completed: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.7 2.7L16.2 9.5" />
    </>
  ),
  premium: (
    <>
      <rect x="5" y="10.5" width="14" height="9.5" rx="2.5" />
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
      <circle cx="12" cy="15.2" r="1.1" fill="currentColor" />
    </>
  ),
  current: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.6v6.8l5.4-3.4z" fill="currentColor" />
    </>
  ),
  tool: (
    <>
      <path d="M12 20c-4-2.2-6.5-5.4-6.5-9A6.5 6.5 0 0 1 12 4.5 6.5 6.5 0 0 1 18.5 11c0 3.6-2.5 6.8-6.5 9z" />
      <path d="M12 8.5v7M9 12h6" />
    </>
  ),
  theory: (
    <>
      <path d="M12 6.5C10 5 7.5 4.5 4 4.8v13.4c3.5-.3 6 .2 8 1.7 2-1.5 4.5-2 8-1.7V4.8c-3.5-.3-6 .2-8 1.7z" />
      <path d="M12 6.5v13.4" />
    </>
  ),
  coaching: (
    <>
      <path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h7A2.5 2.5 0 0 1 16 6.5v4a2.5 2.5 0 0 1-2.5 2.5H9l-3.5 3v-3A2.5 2.5 0 0 1 4 10.5z" />
      <path d="M16 8.5h1.5A2.5 2.5 0 0 1 20 11v4a2.5 2.5 0 0 1-2.5 2.5V20L14 17.5h-2.5A2.5 2.5 0 0 1 9 15.3" />
    </>
  ),
  activity: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="2.2" fill="currentColor" />
    </>
  ),
};

/** What each icon means, for screen readers (the locked one is named by the row's own caption). */
export const ICON_NAMES: Record<RowIcon, string> = {
  completed: 'Completada',
  premium: 'Bloqueada',
  current: 'Actividad actual',
  tool: 'Herramienta',
  theory: 'Teoría',
  coaching: 'Sesión de coaching',
  activity: 'Actividad',
};

export function RowIconGlyph({ icon, className }: { icon: RowIcon; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={icon}
    >
      {paths[icon]}
    </svg>
  );
}

export function PlayGlyph({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M8.5 5.8v12.4L18.5 12z" fill="currentColor" />
    </svg>
  );
}
