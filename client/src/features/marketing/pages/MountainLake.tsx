// A drawn landscape for the retreat's opening on wide screens: mountains at dawn over a cold lake. Decorative
// only (the page's text says where and when); a photo of the place would take its place.
import { useId } from 'react';

export function MountainLake() {
  const id = useId();
  const sky = `${id}-sky`;
  const lake = `${id}-lake`;
  return (
    <svg viewBox="0 0 400 300" focusable="false" aria-hidden="true">
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f6e1d6" />
          <stop offset="1" stopColor="#fbf7f0" />
        </linearGradient>
        <linearGradient id={lake} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e2efec" />
          <stop offset="1" stopColor="#b9d6d0" />
        </linearGradient>
      </defs>
      <rect width="400" height="300" fill={`url(#${sky})`} />
      {/* the sun coming up behind the ridge */}
      <circle cx="282" cy="118" r="38" fill="#f2cdb5" />
      <circle cx="282" cy="118" r="24" fill="#efbf9f" />
      {/* far, middle and near ranges */}
      <path d="M0 170 70 98l40 34 58-70 64 76 40-30 58 52 70-40v80H0z" fill="#9fc3bc" />
      <path d="M168 62l18 21-12 6-6-8-8 10-10-6z" fill="#fbf7f0" opacity="0.9" />
      <path d="M0 190 54 142l46 30 70-62 72 66 48-34 110 58v30H0z" fill="#1e5e5a" />
      <path d="M170 110l20 18-10 4-10-9-8 8-12-4z" fill="#e2efec" opacity="0.8" />
      <path d="M0 204 80 172l70 22 90-40 80 34 80-18v34H0z" fill="#164744" />
      {/* the lake, with ice at its shore and the ridge's reflection */}
      <rect y="204" width="400" height="96" fill={`url(#${lake})`} />
      <path d="M0 204h400" stroke="#fbf7f0" strokeWidth="2" opacity="0.7" />
      <path d="M40 226h70M150 238h110M290 224h60M70 256h90M220 266h120" stroke="#fbf7f0" strokeWidth="3" strokeLinecap="round" opacity="0.8" />
      <path d="M282 214c-20 0-30 4-30 6s14 5 30 5 30-3 30-5-10-6-30-6z" fill="#f2cdb5" opacity="0.6" />
      <path d="M0 300v-26c40-8 70-10 110-4 30 4 40 14 70 14 40 0 60-18 110-18 50 0 80 12 110 16v18z" fill="#fbf7f0" opacity="0.85" />
      {/* a small figure at the water's edge, breathing */}
      <circle cx="118" cy="262" r="5" fill="#a34e2c" />
      <path d="M112 286c0-12 2-18 6-18s6 6 6 18z" fill="#a34e2c" />
    </svg>
  );
}
