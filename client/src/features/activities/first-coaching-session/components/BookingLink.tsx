// A booking call-to-action to the external scheduling service: a new tab, with no opener and no referrer,
// and a name that says so.
import { ButtonLink } from '../../../../components/Button/Button';
import { COMING_SOON } from '../../../../lib/site';

/** With no address (the coach has not set her booking page yet) the button reads «Próximamente» and links nowhere. */
export function BookingLink({ href, children }: { href: string | null; children: string }) {
  if (href === null) {
    return (
      <p>
        <strong>{children}:</strong> {COMING_SOON}
      </p>
    );
  }
  return (
    <ButtonLink to={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
      <span aria-hidden="true">↗</span>
    </ButtonLink>
  );
}
