// /confirmacion-pago, open to everyone: where the checkout sends the buyer back with product_id, payment_id, status
// and external_reference (our purchase). An approved payment is confirmed once with the server, which grants it to
// its purchase's buyer: a signed-in buyer's account is refreshed from the answer and after 3 s they go to what they
// bought; a guest gets the download link right here (it goes by mail too) and stays; a payment that names no
// purchase of ours is held for the coach.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isProductId, PRODUCTS } from '../../../../../course/products';
import { ApiError } from '../../../api/errors';
import { ButtonLink } from '../../../components/Button/Button';
import { useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { setPagoAfirmaciones } from '../../../lib/visitor-record';
import { errorText } from '../../../api/error-text';
import { safeRedirectPath, withRedirect } from '../../../lib/redirect';
import { useAuth } from '../../../lib/session/useAuth';
import { PAYMENT_ERROR, PAYMENT_INVALID, PAYMENT_SUCCESS, paymentMutations, type Granted } from '../api/payment-mutations';
import forms from '../../../styles/forms.module.css';
import styles from './PaymentConfirmationPage.module.css';

export const REDIRECT_AFTER_PAYMENT_MS = 3000;

/** Our purchase ids are UUIDs; anything else in external_reference (an old fixed link's product id) proves nothing. */
const PURCHASE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the buyer lands: the server's answer, else the course for the course, otherwise the menu. */
const landingOf = (granted: Granted) => safeRedirectPath(granted.landing) ?? (isProductId(granted.productId) ? PRODUCTS[granted.productId].landing : '/menu');

const longDate = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });

export function PaymentConfirmationPage() {
  useTrackView('confirmacion-pago');
  const [searchParams] = useSearchParams();
  const productId = searchParams.get('product_id');
  const paymentId = searchParams.get('payment_id');
  const reference = searchParams.get('external_reference');
  const purchaseId = reference && PURCHASE_ID.test(reference) ? reference : null;
  const valid = Boolean(productId && paymentId && searchParams.get('status') === 'approved');

  const { user, refresh } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = useMutation({
    ...paymentMutations.confirm(),
    onSuccess: async (result) => {
      if (result.held) return;
      if (result.granted.user) await refresh(result.granted.user);
      if (result.granted.productId === 'afirmaciones-ebook') setPagoAfirmaciones('done');
      // What the account owns changed: purchases and unlocked content are read again where they are shown (the
      // session itself is kept outside the query cache, and was just refreshed).
      void queryClient.invalidateQueries();
    },
  });
  const { mutate } = confirm;

  // One confirmation per payment and visitor, even under StrictMode's second effect run and the re-render that
  // the refreshed user causes.
  const sentFor = useRef<string | null>(null);
  const viewer = user?.id ?? 'guest';
  useEffect(() => {
    if (!valid || !productId || !paymentId) return;
    const key = `${paymentId}:${viewer}`;
    if (sentFor.current === key) return;
    sentFor.current = key;
    mutate({ productId, paymentId, ...(purchaseId ? { purchaseId } : {}) });
  }, [valid, productId, paymentId, purchaseId, viewer, mutate]);

  const granted = confirm.data && !confirm.data.held ? confirm.data.granted : null;
  // A guest's download stays on screen: the link is theirs to use now, nothing waits for them elsewhere.
  const landing = granted && !granted.download ? landingOf(granted) : null;
  useEffect(() => {
    if (!landing) return undefined;
    const timer = setTimeout(() => navigate(landing, { replace: true }), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [landing, navigate]);

  const supportLink = useSiteLinks().whatsappLink(`¡Hola! Tuve un problema al confirmar mi pago${paymentId ? ` (número ${paymentId})` : ''} en Manifiesta.`);
  const here = pathname + search;

  if (!valid) return <ConfirmationError message={PAYMENT_INVALID} supportLink={supportLink} />;

  if (confirm.isError) {
    const status = confirm.error instanceof ApiError ? confirm.error.status : null;
    if (status === 401 && !user) {
      // The purchase is an account's: its buyer signs in and comes back here, where it is confirmed at once.
      return (
        <Card title="Falta un paso">
          <p>{errorText(confirm.error, PAYMENT_ERROR)}</p>
          <ButtonLink to={withRedirect('/login', here)}>Iniciar sesión</ButtonLink>
        </Card>
      );
    }
    return (
      <ConfirmationError message={errorText(confirm.error, PAYMENT_ERROR)} supportLink={supportLink}>
        {status === 401 ? <ButtonLink to={withRedirect('/login', here)}>Iniciar sesión de nuevo</ButtonLink> : null}
      </ConfirmationError>
    );
  }

  if (confirm.data?.held) {
    return (
      <Card title="Tu pago está en revisión">
        <p className={styles.notice} role="status">
          {confirm.data.message}
        </p>
        {supportLink ? (
          <a className={styles.support} href={supportLink} target="_blank" rel="noopener noreferrer">
            Escribirnos por WhatsApp
          </a>
        ) : null}
        <Link to="/menu">Volver al menú</Link>
      </Card>
    );
  }

  if (granted?.download) {
    return (
      <Card title="¡Gracias por tu compra!">
        <SuccessMark />
        <div role="status" className={styles.stack}>
          <p className={styles.success}>Tu ebook ya es tuyo.</p>
          <p>Descárgalo ahora: también te enviamos un enlace de descarga por correo.</p>
        </div>
        <ButtonLink to={granted.download.url} reloadDocument download className={styles.download}>
          Descargar el ebook
        </ButtonLink>
        <p className={styles.small}>
          El enlace vale hasta el {longDate.format(new Date(granted.download.expiresAt))} y sirve para {granted.download.downloads} descargas. Si se te vence,
          escríbenos y te enviamos uno nuevo.
        </p>
        <Link to="/menu">Volver al menú</Link>
      </Card>
    );
  }

  if (granted) {
    return (
      <Card title="¡Gracias por tu compra!">
        <SuccessMark />
        <div role="status" className={styles.stack}>
          <p className={styles.success}>{PAYMENT_SUCCESS}</p>
          <p>Serás redirigido en unos segundos...</p>
        </div>
        <ButtonLink to={landing ?? '/menu'} replace>
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

function ConfirmationError({ message, supportLink, children }: { message: string; supportLink: string | null; children?: ReactNode }) {
  return (
    <Card title="Error en la Confirmación">
      <p className={styles.error} role="alert">
        {message}
      </p>
      {children}
      {supportLink ? (
        <a className={styles.support} href={supportLink} target="_blank" rel="noopener noreferrer">
          Contactar a soporte por WhatsApp
        </a>
      ) : null}
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
