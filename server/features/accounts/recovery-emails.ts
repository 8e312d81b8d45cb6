// The mails of password recovery and of a change of address, and who they go to. The jobs hold ids only: the
// worker finds the address (the account's, or the one a change asked for) when it sends, and makes a link's token
// only then, storing its hash.
import { greeting } from '../../../course/contact';
import { accountContactOf } from '../../../events/accounts/queries';
import type { Queryable } from '../../../events/store/types';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { emailChangeRequest, emailTakenByAnother, issueAccountToken, passwordSetAt, TOKEN_TTL_HOURS } from './account-tokens';
import { button, escape, fallbackLink, layout, loginTime, paragraph, SIGN_OFF } from './emails';

export const PASSWORD_RESET_SUBJECT = 'Crea una nueva contraseña para Manifiesta';
export const PASSWORD_CHANGED_SUBJECT = 'Tu contraseña de Manifiesta cambió';
export const EMAIL_CHANGE_CONFIRM_SUBJECT = 'Confirma tu nuevo correo en Manifiesta';
export const EMAIL_CHANGE_TAKEN_SUBJECT = 'Alguien quiso usar tu correo en otra cuenta de Manifiesta';
export const EMAIL_CHANGED_SUBJECT = 'El correo de tu cuenta de Manifiesta cambió';

type To = { email: string; username: string };

/** A mail of paragraphs and one button, in text and HTML: the text version puts the link on its own line. */
function linkMail(to: To, subject: string, parts: { before: string[]; label: string; link: string; after: string[] }): Mail {
  const hello = greeting(to.username);
  const text = [hello, '', ...parts.before.flatMap((p) => [p, '']), parts.link, '', ...parts.after.flatMap((p) => [p, '']), ...SIGN_OFF].join('\n');
  const html = layout(hello, [
    ...parts.before.map((p) => paragraph(escape(p))),
    button(parts.link, parts.label),
    fallbackLink(parts.link),
    ...parts.after.map((p) => paragraph(escape(p), true)),
  ]);
  return { to: to.email, subject, text, html };
}

export function passwordResetEmail(to: To, token: string, publicUrl: string): Mail {
  return linkMail(to, PASSWORD_RESET_SUBJECT, {
    before: ['Alguien (esperamos que tú) pidió crear una nueva contraseña para tu cuenta de Manifiesta. Para elegirla, abre este enlace:'],
    label: 'Crear una nueva contraseña',
    link: new URL(`/recuperar?token=${encodeURIComponent(token)}`, publicUrl).toString(),
    after: [
      `El enlace vale por ${TOKEN_TTL_HOURS['password-reset']} hora y se puede usar una sola vez. Al crear la nueva contraseña se cierran todas las sesiones abiertas de tu cuenta.`,
      'Si no lo pediste tú, ignora este correo: tu contraseña sigue siendo la misma y nadie puede cambiarla sin este enlace.',
    ],
  });
}

export function passwordChangedEmail(to: To, at: Date, publicUrl: string): Mail {
  const hello = greeting(to.username);
  const link = new URL('/recuperar', publicUrl).toString();
  const notice = 'La contraseña de tu cuenta de Manifiesta acaba de cambiar. Por seguridad, cerramos las sesiones que estaban abiertas en otros dispositivos.';
  const when = `Cuándo: ${loginTime(at)}`;
  const ifYou = 'Si fuiste tú, no tienes que hacer nada: ya puedes iniciar sesión con tu nueva contraseña.';
  const notYou = 'Si no fuiste tú, crea otra contraseña ahora desde este enlace (te llegará un correo a esta dirección):';
  const text = [hello, '', notice, '', when, '', ifYou, '', notYou, link, '', ...SIGN_OFF].join('\n');
  const html = layout(hello, [
    paragraph(escape(notice)),
    paragraph(`<strong>Cuándo:</strong> ${escape(loginTime(at))}`),
    paragraph(escape(ifYou)),
    paragraph(`<strong>${escape(notYou)}</strong>`),
    button(link, 'Crear otra contraseña'),
    fallbackLink(link),
  ]);
  return { to: to.email, subject: PASSWORD_CHANGED_SUBJECT, text, html };
}

export function emailChangeConfirmEmail(to: To, token: string, publicUrl: string): Mail {
  return linkMail(to, EMAIL_CHANGE_CONFIRM_SUBJECT, {
    before: [
      'Pediste usar esta dirección para tu cuenta de Manifiesta. Para confirmar que es tuya, abre este enlace:',
      'Hasta que lo confirmes, tu cuenta sigue con tu correo anterior.',
    ],
    label: 'Confirmar mi nuevo correo',
    link: new URL(`/cuenta/confirmar-correo?token=${encodeURIComponent(token)}`, publicUrl).toString(),
    after: [
      `El enlace vale por ${TOKEN_TTL_HOURS['email-change']} horas y se puede usar una sola vez. Si no lo pediste tú, ignora este correo: nada cambia sin este enlace.`,
    ],
  });
}

/**
 * To an address someone asked to move another account to while it already has an account of its own: the change
 * cannot complete, and the one who asked was told exactly what anyone is told (no link here).
 */
export function emailChangeTakenEmail(to: { email: string }, publicUrl: string): Mail {
  const hello = '¡Hola!';
  const link = new URL('/login', publicUrl).toString();
  const notice =
    'Alguien pidió usar esta dirección de correo para otra cuenta de Manifiesta. Como ya tienes una cuenta con ella, no la cambiamos: cada dirección es de una sola cuenta.';
  const ifYou =
    'Si fuiste tú, con otra cuenta, puedes seguir usando la que ya tienes con esta dirección, o primero cambiarle el correo y luego volver a intentarlo.';
  const notYou = 'Si no fuiste tú, no tienes que hacer nada: tu cuenta sigue igual.';
  const text = [hello, '', notice, '', ifYou, link, '', notYou, '', ...SIGN_OFF].join('\n');
  const html = layout(hello, [
    paragraph(escape(notice)),
    paragraph(escape(ifYou)),
    button(link, 'Iniciar sesión'),
    fallbackLink(link),
    paragraph(escape(notYou), true),
  ]);
  return { to: to.email, subject: EMAIL_CHANGE_TAKEN_SUBJECT, text, html };
}

/** `ana@example.com` → `a•••@example.com`: enough for the owner to recognise, not a whole address for whoever reads the old mailbox. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

export function emailChangedEmail(to: To, change: { newEmail: string; at: Date }, token: string, publicUrl: string): Mail {
  return linkMail(to, EMAIL_CHANGED_SUBJECT, {
    before: [
      `El correo de tu cuenta de Manifiesta cambió a ${maskedAddress(change.newEmail)} (${loginTime(change.at)}). Desde ahora iniciarás sesión con esa dirección, y cerramos las demás sesiones abiertas.`,
      'Si fuiste tú, no tienes que hacer nada.',
      `Si no fuiste tú, deshaz el cambio con este enlace: tu cuenta volverá a esta dirección y se cerrarán todas sus sesiones. Vale por ${TOKEN_TTL_HOURS['email-undo']} horas.`,
    ],
    label: 'Deshacer el cambio',
    link: new URL(`/cuenta/deshacer-correo?token=${encodeURIComponent(token)}`, publicUrl).toString(),
    after: ['Después, crea una nueva contraseña desde la página de inicio de sesión («¿Olvidaste tu contraseña?»).'],
  });
}

/** The recipients of these mails, found when the job runs. */
export function recoveryMailRecipients(db: Queryable, publicUrl: string) {
  const account = (userId: string) => accountContactOf(db, userId);

  return {
    /**
     * Each send makes a new link; earlier unused ones stay valid until they expire or a new password is made (mails
     * arrive late or out of order, and the one the person opens should work).
     */
    async passwordReset(job: Extract<MailJob, { kind: 'password-reset' }>): Promise<MailRecipient> {
      const user = await account(job.userId);
      if (!user) return { skip: 'no such account' };
      return { to: user.email, render: async () => passwordResetEmail(user, await issueAccountToken(db, 'password-reset', job.userId), publicUrl) };
    },

    async passwordChanged(job: Extract<MailJob, { kind: 'password-changed' }>): Promise<MailRecipient> {
      const user = await account(job.userId);
      const at = await passwordSetAt(db, job.userId);
      if (!user || !at) return { skip: 'no such account' };
      return { to: user.email, render: async () => passwordChangedEmail(user, at, publicUrl) };
    },

    /** A change confirmed, undone or gone by then gets nothing; an address that has another account by then gets the short notice instead of a link. */
    async emailChangeConfirm(job: Extract<MailJob, { kind: 'email-change-confirm' }>): Promise<MailRecipient> {
      const user = await account(job.userId);
      const change = await emailChangeRequest(db, job.requestId, job.userId);
      if (!user || !change) return { skip: 'no such account or change' };
      if (change.confirmedAt || change.undoneAt) return { skip: 'change already confirmed' };
      const to = { email: change.newEmail, username: user.username };
      if (await emailTakenByAnother(db, change.newEmail, job.userId)) return { to: to.email, render: async () => emailChangeTakenEmail(to, publicUrl) };
      return {
        to: to.email,
        render: async () => emailChangeConfirmEmail(to, await issueAccountToken(db, 'email-change', job.userId, job.requestId), publicUrl),
      };
    },

    async emailChanged(job: Extract<MailJob, { kind: 'email-changed' }>): Promise<MailRecipient> {
      const user = await account(job.userId);
      const change = await emailChangeRequest(db, job.requestId, job.userId);
      if (!user || !change?.previousEmail || !change.confirmedAt) return { skip: 'no such account or confirmed change' };
      if (change.undoneAt) return { skip: 'change already undone' };
      const to = { email: change.previousEmail, username: user.username };
      const about = { newEmail: change.newEmail, at: change.confirmedAt };
      return {
        to: to.email,
        render: async () => emailChangedEmail(to, about, await issueAccountToken(db, 'email-undo', job.userId, job.requestId), publicUrl),
      };
    },
  };
}
