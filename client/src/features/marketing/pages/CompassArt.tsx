// A drawn compass for the purpose session's opening on wide screens: finding a direction. Decorative only.
import { useId } from 'react';

export function CompassArt() {
  const id = useId();
  const glow = `${id}-glow`;
  return (
    <svg viewBox="0 0 400 300" focusable="false" aria-hidden="true">
      <defs>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.6">
          <stop offset="0" stopColor="#fbf7f0" />
          <stop offset="1" stopColor="#f4ebdd" />
        </radialGradient>
      </defs>
      <rect width="400" height="300" fill={`url(#${glow})`} />
      {/* a path of small steps towards the horizon */}
      <path d="M40 270c60-10 90-40 150-48s120 10 170-30" fill="none" stroke="#d9c3a0" strokeWidth="3" strokeDasharray="2 12" strokeLinecap="round" />
      {/* the compass */}
      <circle cx="200" cy="140" r="96" fill="#1e5e5a" />
      <circle cx="200" cy="140" r="84" fill="#fbf7f0" />
      <circle cx="200" cy="140" r="70" fill="none" stroke="#e0cfb4" strokeWidth="1.5" />
      <g stroke="#9a8466" strokeWidth="2" strokeLinecap="round">
        <path d="M200 60v10M200 210v10M120 140h10M270 140h10" />
        <path d="M143 83l6 6M251 191l6 6M257 83l-6 6M149 191l-6 6" strokeWidth="1.5" />
      </g>
      <g fill="#5f554c" fontFamily="Fraunces, Georgia, serif" fontSize="15" fontWeight="600" textAnchor="middle">
        <text x="200" y="92">
          N
        </text>
        <text x="200" y="198">
          S
        </text>
        <text x="148" y="145">
          O
        </text>
        <text x="252" y="145">
          E
        </text>
      </g>
      {/* the needle, pointing a little east of north */}
      <g transform="rotate(24 200 140)">
        <path d="M200 84l14 56h-28z" fill="#c4673f" />
        <path d="M200 196l14-56h-28z" fill="#164744" />
        <circle cx="200" cy="140" r="7" fill="#fbf7f0" stroke="#164744" strokeWidth="3" />
      </g>
      {/* sparkles */}
      <path d="M322 62l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#c4673f" opacity="0.8" />
      <path d="M84 92l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#c4673f" opacity="0.6" />
    </svg>
  );
}
