// A booking call-to-action to the external scheduling service: a new tab, with no opener and no referrer,
// and a name that says so.
import { ButtonLink } from '../../../../components/Button/Button';

export function BookingLink({ href, children }: { href: string; children: string }) {
  return (
    <ButtonLink to={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
      <span aria-hidden="true">↗</span>
    </ButtonLink>
  );
}
