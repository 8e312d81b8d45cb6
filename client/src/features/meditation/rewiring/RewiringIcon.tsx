// Line icons of the rewiring meditation, drawn like the project's others (24px grid, currentColor).
// Decorative: the step's heading names what each one shows.
import type { ReactNode } from 'react';

export type RewiringIconName = 'breath' | 'pattern' | 'seed' | 'heart' | 'anchor' | 'complete';

const paths: Record<RewiringIconName, ReactNode> = {
  breath: (
    <>
      <path d="M3 8.5h10a2.5 2.5 0 1 0-2.5-2.5" />
      <path d="M3 12.5h14.5a2.5 2.5 0 1 1-2.5 2.5" />
      <path d="M3 16.5h7" />
    </>
  ),
  pattern: (
    <>
      <path d="M17 3.5l3 3-3 3" />
      <path d="M4 11.5v-1a4 4 0 0 1 4-4h12" />
      <path d="M7 20.5l-3-3 3-3" />
      <path d="M20 12.5v1a4 4 0 0 1-4 4H4" />
    </>
  ),
  seed: (
    <>
      <path d="M12 20.5v-8" />
      <path d="M12 12.5C12 8.5 9 6 4.5 6c0 4 3 6.5 7.5 6.5z" />
      <path d="M12 15c0-3.6 2.7-6 7-6 0 3.6-2.7 6-7 6z" />
      <path d="M7.5 20.5h9" />
    </>
  ),
  heart: <path d="M12 20s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10z" />,
  anchor: (
    <>
      <circle cx="12" cy="5.5" r="2" />
      <path d="M12 7.5v13" />
      <path d="M8.5 11h7" />
      <path d="M4.5 13.5a7.5 7.5 0 0 0 15 0" />
    </>
  ),
  complete: (
    <>
      <path d="M12 3.5l1.8 5.2 5.2 1.8-5.2 1.8-1.8 5.2-1.8-5.2L5 10.5l5.2-1.8z" />
      <path d="M18.5 15.5v4M16.5 17.5h4" />
    </>
  ),
};

export function RewiringIcon({ name, className }: { name: RewiringIconName; className?: string }) {
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
    >
      {paths[name]}
    </svg>
  );
}
