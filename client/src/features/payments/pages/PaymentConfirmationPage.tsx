// /confirmacion-pago: where the checkout sends the buyer back with product_id,
// payment_id and status. An approved payment is confirmed once with the server, the account is refreshed from
// its answer, and after 3 s the buyer goes to what they bought.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isProductId, PRODUCTS } from '../../../../../course/products';
import { ApiError } from '../../../api/errors';
import { ButtonLink } from '../../../components/Button/Button';
import { whatsappLink } from '../../../config/links';
import { useTrackView } from '../../../lib/track-view';
import { setPagoAfirmaciones } from '../../../lib/visitor-record';
import { errorText } from '../../../api/error-text';
import { withRedirect } from '../../../lib/redirect';
import { useAuth } from '../../../lib/session/useAuth';
import { PAYMENT_ERROR, PAYMENT_INVALID, PAYMENT_SUCCESS, paymentMutations } from '../api/payment-mutations';
import forms from '../../../styles/forms.module.css';
import styles from './PaymentConfirmationPage.module.css';

export const REDIRECT_AFTER_PAYMENT_MS = 3000;

/** Where the buyer lands: the course for the course, otherwise the menu (the catalogue says which). */
const landingOf = (productId: string) => (isProductId(productId) ? PRODUCTS[productId].landing : '/menu');

export function PaymentConfirmationPage() {
  useTrackView('confirmacion-pago');
  const [searchParams] = useSearchParams();
  const productId = searchParams.get('product_id');
  const paymentId = searchParams.get('payment_id');
  const valid = Boolean(productId && paymentId && searchParams.get('status') === 'approved');

  const { user, refresh } = useAuth();
  const signedIn = user !== null;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = useMutation({
    ...paymentMutations.confirm(),
    onSuccess: async (account, body) => {
      await refresh(account);
      if (body.productId === 'afirmaciones-ebook') setPagoAfirmaciones('done');
      // What the account owns changed: purchases and unlocked content are read again where they are shown (the
      // session itself is kept outside the query cache, and was just refreshed).
      void queryClient.invalidateQueries();
    },
  });
  const { mutate } = confirm;

  // One confirmation per payment, even under StrictMode's second effect run and the re-render that the
  // refreshed user causes.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!valid || !signedIn || !productId || !paymentId) return;
    const key = `${productId}:${paymentId}`;
    if (sentFor.current === key) return;
    sentFor.current = key;
    mutate({ productId, paymentId });
  }, [valid, signedIn, productId, paymentId, mutate]);

  const landing = landingOf(productId ?? '');
  useEffect(() => {
    if (!confirm.isSuccess) return undefined;
    const timer = setTimeout(() => navigate(landing, { replace: true }), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess, landing, navigate]);

  const supportLink = whatsappLink(`¡Hola! Tuve un problema al confirmar mi pago${paymentId ? ` (número ${paymentId})` : ''} en Manifiesta.`);
  const here = pathname + search;

  if (!valid) return <ConfirmationError message={PAYMENT_INVALID} supportLink={supportLink} />;

  if (!signedIn) {
    return (
      <Card title="Inicia sesión para activar tu compra">
        <p>Tu pago se asocia a tu cuenta de Manifiesta. Inicia sesión (o crea tu cuenta) y volverás aquí para activarlo automáticamente.</p>
        <ButtonLink to={withRedirect('/login', here)}>Iniciar sesión</ButtonLink>
        <ButtonLink variant="secondary" to={withRedirect('/signup', here)}>
          Crear mi cuenta
        </ButtonLink>
      </Card>
    );
  }

  if (confirm.isError) {
    const sessionEnded = confirm.error instanceof ApiError && confirm.error.status === 401;
    return (
      <ConfirmationError message={errorText(confirm.error, PAYMENT_ERROR)} supportLink={supportLink}>
        {sessionEnded ? <ButtonLink to={withRedirect('/login', here)}>Iniciar sesión de nuevo</ButtonLink> : null}
      </ConfirmationError>
    );
  }

  if (confirm.isSuccess) {
    return (
      <Card title="¡Gracias por tu compra!">
        <SuccessMark />
        <div role="status" className={styles.stack}>
          <p className={styles.success}>{PAYMENT_SUCCESS}</p>
          <p>Serás redirigido en unos segundos...</p>
        </div>
        <ButtonLink to={landing} replace>
          Ir ahora
        </ButtonLink>
      </Card>
    );
  }

  return (
    <Card title="Confirmando tu pago">
      <div className={styles.status} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span>Verificando tu pago, por favor espera...</span>
      </div>
    </Card>
  );
}

/** The page (h1 'Confirmación de pago') around the current view, which its h2 names. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className={styles.page}>
      <title>Confirmación de pago · Manifiesta</title>
      <h1 className={styles.pageTitle}>Confirmación de pago</h1>
      <section className={`${forms.surface} ${styles.card}`} aria-labelledby={titleId}>
        <p className="eyebrow">Tu compra</p>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </section>
    </div>
  );
}

function ConfirmationError({ message, supportLink, children }: { message: string; supportLink: string; children?: ReactNode }) {
  return (
    <Card title="Error en la Confirmación">
      <p className={styles.error} role="alert">
        {message}
      </p>
      {children}
      <a className={styles.support} href={supportLink} target="_blank" rel="noopener noreferrer">
        Contactar a soporte por WhatsApp
      </a>
      <Link to="/menu">Volver al menú</Link>
    </Card>
  );
}

function SuccessMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="34" fill="var(--color-teal-50)" />
      <path d="M22 37l9 9 19-20" fill="none" stroke="var(--action-bg)" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
