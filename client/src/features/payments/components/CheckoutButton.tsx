// Every buy and enrol button of the site. The server starts the purchase (price, buyer) and answers where to pay:
// a signed-in buyer goes straight there; a guest gives an e-mail first for what the catalogue lets guests buy (the
// download link goes there), and signs in first for the rest (the course opens a learner's lessons), coming back here.
import { useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, type LinkProps } from 'react-router-dom';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../../../../course/contact';
import { CHECKOUT_EMAIL, PRODUCTS } from '../../../../../course/products';
import { errorText, isExpired } from '../../../api/error-text';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { paymentPage, type CheckoutButtonProps } from '../../../lib/checkout';
import { withRedirect } from '../../../lib/redirect';
import { useAuth } from '../../../lib/session/useAuth';
import { CHECKOUT_ERROR, startCheckout } from '../api/payment-mutations';
import forms from '../../../styles/forms.module.css';
import styles from './CheckoutButton.module.css';

export const EMAIL_NEEDED = CHECKOUT_EMAIL;
const LEAVING = 'Te llevamos a Mercado Pago...';

export function CheckoutButton({ productId, children, onStart, email: knownEmail = '', className }: CheckoutButtonProps) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const product = PRODUCTS[productId];
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [formOpen, setFormOpen] = useState(false);
  const formId = useId();
  const noteId = useId();

  // Back from the payment page with the browser's back button, this page may be restored as it was left: busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  async function checkout(email?: string) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const initPoint = await startCheckout({ productId, ...(email ? { email } : {}) });
      onStart?.();
      paymentPage.open(initPoint);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  }

  // The course belongs to an account: a guest signs in (or signs up from there) and comes back to this page.
  if (!user && !product.guestPurchase) {
    return (
      <div className={styles.checkout}>
        <ActionLink to={withRedirect('/login', here)} className={className} aria-describedby={noteId}>
          {children}
        </ActionLink>
        <p id={noteId} className={styles.note}>
          Primero inicia sesión o crea tu cuenta gratis: después vuelves aquí para pagar.
        </p>
      </div>
    );
  }

  const error = failure ? (
    <div className={styles.stack}>
      <p className={forms.alert} role="alert">
        {errorText(failure, CHECKOUT_ERROR)}
      </p>
      {isExpired(failure) ? <Link to={withRedirect('/login', here)}>Iniciar sesión</Link> : null}
    </div>
  ) : null;

  if (user) {
    return (
      <div className={styles.checkout}>
        <div className={forms.actions}>
          <ActionButton className={className} onClick={() => void checkout()} aria-disabled={busy || undefined}>
            {children}
          </ActionButton>
        </div>
        {busy ? <Leaving /> : null}
        {error}
      </div>
    );
  }

  return (
    <div className={styles.checkout}>
      <div className={forms.actions}>
        <ActionButton className={className} onClick={() => setFormOpen(true)} aria-expanded={formOpen} aria-controls={formOpen ? formId : undefined}>
          {children}
        </ActionButton>
      </div>
      {formOpen ? (
        <GuestEmailForm id={formId} knownEmail={knownEmail} busy={busy} onSubmit={(email) => void checkout(email)} signInTo={withRedirect('/login', here)}>
          {error}
        </GuestEmailForm>
      ) : null}
    </div>
  );
}

/** The site's button, or the page's own look when it gives one (a sales page's call to action). */
function ActionButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return className ? <button type="button" {...props} className={className} /> : <Button {...props} />;
}

function ActionLink({ className, ...props }: LinkProps) {
  return className ? <Link {...props} className={className} /> : <ButtonLink {...props} />;
}

function Leaving() {
  return (
    <p className={styles.note} role="status">
      {LEAVING}
    </p>
  );
}

type GuestEmailFormProps = {
  id: string;
  knownEmail: string;
  busy: boolean;
  onSubmit: (email: string) => void;
  signInTo: string;
  children: ReactNode;
};

/** A guest's purchase: only the address where the download link goes. */
function GuestEmailForm({ id, knownEmail, busy, onSubmit, signInTo, children }: GuestEmailFormProps) {
  const [email, setEmail] = useState(knownEmail);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = email.trim();
    if (typed.length > MAX_EMAIL || !EMAIL_PATTERN.test(typed)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    onSubmit(typed);
  }

  return (
    <form id={id} className={`${forms.form} ${styles.guestForm}`} aria-label="Comprar sin cuenta" noValidate onSubmit={submit}>
      <p className={styles.intro}>Escribe tu email: después de pagar lo descargas al momento, y también te enviamos el enlace de descarga a ese correo.</p>
      <Field
        ref={input}
        label="Tu email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={MAX_EMAIL}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={invalid ? EMAIL_NEEDED : undefined}
      />
      <div className={forms.actions}>
        <Button type="submit" aria-disabled={busy || undefined}>
          Continuar al pago
        </Button>
      </div>
      {busy ? <Leaving /> : null}
      {children}
      <p className={styles.note}>
        ¿Prefieres guardarlo en tu cuenta? <Link to={signInTo}>Inicia sesión</Link> y compra desde ahí.
      </p>
    </form>
  );
}
