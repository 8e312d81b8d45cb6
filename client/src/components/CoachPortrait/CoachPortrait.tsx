import { useId } from 'react';

type CoachPortraitProps = {
  className?: string;
  /** Accessible name; pass an empty string when a nearby text already names the coach. */
  label?: string;
};

/** The default coach portrait: an illustration used wherever no profile photo exists. */
export function CoachPortrait({ className, label = 'Retrato ilustrado de tu coach' }: CoachPortraitProps) {
  const id = useId();
  const bg = `${id}-bg`;
  const clip = `${id}-clip`;
  const decorative = label === '';

  return (
    <svg
      className={className}
      viewBox="0 0 200 200"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      focusable="false"
    >
      <defs>
        <linearGradient id={bg} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f6e1d6" />
          <stop offset="1" stopColor="#eadcc6" />
        </linearGradient>
        <clipPath id={clip}>
          <circle cx="100" cy="100" r="100" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width="200" height="200" fill={`url(#${bg})`} />
        {/* rising sun behind the head */}
        <circle cx="100" cy="96" r="62" fill="#f2cdb5" />
        <circle cx="100" cy="96" r="46" fill="#efbf9f" opacity="0.55" />
        {/* hair, back */}
        <path d="M62 96c0-30 17-50 38-50s38 20 38 50c0 22-4 40-10 52H72c-6-12-10-30-10-52z" fill="#4a3426" />
        {/* neck and shoulders */}
        <path d="M89 118h22v22H89z" fill="#cf9a74" />
        <path d="M34 206c4-40 30-62 66-62s62 22 66 62z" fill="#1e5e5a" />
        <path d="M78 146c6 8 14 12 22 12s16-4 22-12" fill="none" stroke="#164744" strokeWidth="3" />
        {/* pendant */}
        <path d="M86 150q14 16 28 0" fill="none" stroke="#f4ebdd" strokeWidth="1.5" />
        <circle cx="100" cy="160" r="4" fill="#c4673f" />
        {/* face */}
        <ellipse cx="100" cy="92" rx="25" ry="30" fill="#e2b48f" />
        <path d="M74 86c6-20 18-28 30-28 12 0 20 8 22 22-10-2-22-8-30-16-4 10-12 18-22 22z" fill="#4a3426" />
        {/* calm closed eyes and a soft smile */}
        <path d="M86 94q5 4 10 0M104 94q5 4 10 0" fill="none" stroke="#4a3426" strokeWidth="2" strokeLinecap="round" />
        <path d="M93 108q7 5 14 0" fill="none" stroke="#a34e2c" strokeWidth="2" strokeLinecap="round" />
        <circle cx="86" cy="103" r="3.5" fill="#e89c86" opacity="0.5" />
        <circle cx="114" cy="103" r="3.5" fill="#e89c86" opacity="0.5" />
        {/* small sparkles */}
        <path d="M46 58l2.5 7 7 2.5-7 2.5-2.5 7-2.5-7-7-2.5 7-2.5z" fill="#c4673f" opacity="0.8" />
        <path d="M156 44l1.8 5 5 1.8-5 1.8-1.8 5-1.8-5-5-1.8 5-1.8z" fill="#c4673f" opacity="0.6" />
      </g>
    </svg>
  );
}
