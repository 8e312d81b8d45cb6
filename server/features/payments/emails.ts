// The mails of a purchase: when a payment is granted (to an account, what it opened; to a guest, the download link,
// whose token is issued as the mail is written) and when it is refunded or charged back (what ends, if anything:
// access that another payment or a grant by hand still gives stays, and then there is nothing to tell). Each says the
// amount of that payment, as it was charged.
import { greeting } from '../../../course/contact';
import { PRODUCTS, formatPrice, isProductId, type ProductId } from '../../../course/products';
import { accountContactOf } from '../../../events/accounts/queries';
import type { Keyring } from '../../../events/store/keyring';
import { leadSubject } from '../../../events/store/sealing';
import type { Queryable } from '../../../events/store/types';
import { forgetPageLink, forgetToken } from '../erasure/forget-link';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { button, escape, fallbackLink, layout, paragraph, SIGN_OFF } from '../accounts/emails';
import { DOWNLOAD_LINK_DAYS, issueDownloadToken, MAX_DOWNLOADS } from './downloads';

export const ACCESS_GRANTED_SUBJECT = 'Tu compra en Manifiesta está activa';
export const DOWNLOAD_SUBJECT = 'Tu ebook de Manifiesta: enlace de descarga';
export const ACCESS_ENDED_SUBJECT = 'Tu compra en Manifiesta fue reembolsada';

interface PaymentFacts {
  productId: ProductId;
  status: string;
  userId: string | null;
  purchaseId: string | null;
  guestEmail: string | null;
  /** What this payment charged, as the buyer reads it: «$7 USD». */
  paid: string;
}

async function paymentFacts(db: Queryable, paymentId: string): Promise<PaymentFacts | undefined> {
  const { rows } = await db.query<{
    product_id: string;
    status: string;
    user_id: string | null;
    purchase_id: string | null;
    email: string | null;
    amount: string;
    currency: string;
  }>(
    `SELECT p.product_id, p.status, p.user_id, p.purchase_id, u.email, p.amount, p.currency
       FROM payments p LEFT JOIN purchases u ON u.purchase_id = p.purchase_id
      WHERE p.payment_id = $1`,
    [paymentId],
  );
  const row = rows[0];
  if (!row || !isProductId(row.product_id)) return undefined;
  return {
    productId: row.product_id,
    status: row.status,
    userId: row.user_id,
    purchaseId: row.purchase_id,
    guestEmail: row.email,
    paid: formatPrice({ amount: Number(row.amount), currency: row.currency.trim() }),
  };
}

/** Whether the account still holds what the product grants (from any source). */
async function stillHolds(db: Queryable, userId: string, productId: ProductId): Promise<boolean> {
  const grants = PRODUCTS[productId].grants;
  const { rowCount } =
    'role' in grants
      ? await db.query('SELECT 1 FROM users WHERE user_id = $1 AND $2 = ANY(roles)', [userId, grants.role])
      : await db.query('SELECT 1 FROM entitlements WHERE user_id = $1 AND product_id = $2', [userId, productId]);
  return rowCount === 1;
}

function mail(to: string, subject: string, hello: string, before: string[], link?: { href: string; label: string }, after: string[] = []): Mail {
  const text = [hello, '', ...before.flatMap((p) => [p, '']), ...(link ? [link.href, ''] : []), ...after.flatMap((p) => [p, '']), ...SIGN_OFF].join('\n');
  const html = layout(hello, [
    ...before.map((p) => paragraph(escape(p))),
    ...(link ? [button(link.href, link.label), fallbackLink(link.href)] : []),
    ...after.map((p) => paragraph(escape(p), true)),
  ]);
  return { to, subject, text, html };
}

/** Where a signed-in buyer downloads a file they bought. */
const DOWNLOAD_PAGE: Record<ProductId, string> = { 'afirmaciones-ebook': '/afirmaciones', 'manifiesta-curso-completo': '/cursos/manifiesta' };

export function accessGrantedEmail(to: { email: string; username: string }, productId: ProductId, paid: string, publicUrl: string): Mail {
  const product = PRODUCTS[productId];
  const course = 'role' in product.grants;
  const opened = course
    ? `Recibimos tu pago de ${paid} por «${product.name}» y tu acceso ya está activo: todas las lecciones del curso te esperan.`
    : `Recibimos tu pago de ${paid} por «${product.name}»: ya es tuyo. Descárgalo cuando quieras desde su página, con tu sesión iniciada.`;
  return mail(to.email, ACCESS_GRANTED_SUBJECT, greeting(to.username), [opened], {
    href: new URL(course ? product.landing : DOWNLOAD_PAGE[productId], publicUrl).toString(),
    label: course ? 'Ir al curso' : 'Ir a descargarlo',
  });
}

export function guestDownloadEmail(to: string, productId: ProductId, paid: string, token: string, publicUrl: string, forgetLink: string): Mail {
  const product = PRODUCTS[productId];
  const href = new URL(`/api/downloads/${productId}?token=${encodeURIComponent(token)}`, publicUrl).toString();
  return mail(
    to,
    DOWNLOAD_SUBJECT,
    '¡Hola!',
    [`Gracias por tu compra de «${product.name}» (pagaste ${paid}). Aquí tienes tu enlace de descarga:`],
    { href, label: 'Descargar el ebook' },
    [
      `El enlace vale ${DOWNLOAD_LINK_DAYS} días y sirve para ${MAX_DOWNLOADS} descargas. Es solo para ti: no lo compartas.`,
      'Si no hiciste esta compra, responde a este correo y lo revisamos.',
      `Si prefieres que olvidemos tu dirección de correo (la compra queda registrada sin ella), abre este enlace: ${forgetLink}`,
    ],
  );
}

export function accessEndedEmail(to: string, hello: string, productId: ProductId, paid: string, status: string): Mail {
  const product = PRODUCTS[productId];
  const why =
    status === 'charged_back'
      ? `El pago de ${paid} por «${product.name}» fue desconocido ante tu medio de pago (contracargo)`
      : `Te reembolsamos el pago de ${paid} por «${product.name}»`;
  const ends =
    'role' in product.grants
      ? 'así que el acceso al curso que daba terminó. Tu cuenta y lo que escribiste en ella siguen ahí.'
      : 'así que su enlace de descarga ya no funciona.';
  return mail(to, ACCESS_ENDED_SUBJECT, hello, [`${why}, ${ends}`, 'Si crees que es un error, responde a este correo y lo vemos juntos.']);
}

export function paymentMailRecipients(db: Queryable, publicUrl: string, keyring: Pick<Keyring, 'mac' | 'subjectId'>) {
  return {
    async granted(job: Extract<MailJob, { kind: 'purchase-granted' }>): Promise<MailRecipient> {
      const facts = await paymentFacts(db, job.paymentId);
      if (!facts || facts.status !== 'approved') return { skip: 'payment not granted any more' };
      if (facts.userId) {
        const contact = await accountContactOf(db, facts.userId);
        if (!contact) return { skip: 'account gone' };
        return { to: contact.email, render: async () => accessGrantedEmail(contact, facts.productId, facts.paid, publicUrl) };
      }
      const { guestEmail, purchaseId } = facts;
      if (!guestEmail || !purchaseId) return { skip: 'buyer forgotten' };
      return {
        to: guestEmail,
        render: async () => {
          const forget = forgetPageLink(publicUrl, await forgetToken(keyring, await keyring.subjectId(leadSubject(guestEmail))));
          return guestDownloadEmail(guestEmail, facts.productId, facts.paid, (await issueDownloadToken(db, purchaseId)).token, publicUrl, forget);
        },
      };
    },
    async reversed(job: Extract<MailJob, { kind: 'purchase-reversed' }>): Promise<MailRecipient> {
      const facts = await paymentFacts(db, job.paymentId);
      if (!facts || facts.status === 'approved' || facts.status === 'held') return { skip: 'payment not reversed' };
      if (facts.userId) {
        if (await stillHolds(db, facts.userId, facts.productId)) return { skip: 'access still granted' };
        const contact = await accountContactOf(db, facts.userId);
        if (!contact) return { skip: 'account gone' };
        return {
          to: contact.email,
          render: async () => accessEndedEmail(contact.email, greeting(contact.username), facts.productId, facts.paid, facts.status),
        };
      }
      if (!facts.guestEmail) return { skip: 'buyer forgotten' };
      const to = facts.guestEmail;
      return { to, render: async () => accessEndedEmail(to, '¡Hola!', facts.productId, facts.paid, facts.status) };
    },
  };
}
