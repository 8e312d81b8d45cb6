// The account e-mails, in Spanish, HTML and plain text, and who they go to: the worker finds the account by its
// id when it sends (the job holds nothing else), and a verification mail gets a fresh token only then.
import { accountContactOf } from '../../../events/accounts/queries';
import { greeting } from '../../../course/contact';
import { redirectParam } from '../../../course/redirect';
import type { Queryable } from '../../../events/store/types';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { storeVerificationToken, VERIFICATION_TTL_HOURS } from './accounts';
import { signedInDevice } from './browsers';
import { newToken } from './secrets';

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const SIGN_OFF = ['Con cariño,', 'Manifiesta'];

/**
 * The house style of an account mail: a card with a heading, paragraphs (HTML, already escaped) and a button. A
 * newsletter letter closes in its own words (so it passes no sign-off) and adds a footer (HTML) below the card.
 */
export function layout(heading: string, body: string[], options: { signOff?: string[]; footer?: string[] } = {}): string {
  const signOff = options.signOff ?? SIGN_OFF;
  const footer = options.footer ?? [];
  return `<!doctype html>
<html lang="es"><body style="margin:0;padding:24px;background:#F4EBDD;font-family:Helvetica,Arial,sans-serif;color:#2B2622">
  <div style="max-width:520px;margin:0 auto;background:#FFFDF9;border-radius:16px;padding:32px">
    <h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escape(heading)}</h1>
    ${body.join('\n    ')}
    ${signOff.length ? `<p style="font-size:16px;line-height:1.6;margin-top:24px">${signOff.map(escape).join('<br>')}</p>` : ''}
  </div>${footer.length ? `\n  <div style="max-width:520px;margin:16px auto 0;padding:0 8px">\n    ${footer.join('\n    ')}\n  </div>` : ''}
</body></html>`;
}

export const paragraph = (html: string, small = false) =>
  small ? `<p style="font-size:14px;line-height:1.6;color:#5C544D">${html}</p>` : `<p style="font-size:16px;line-height:1.6">${html}</p>`;
export const button = (link: string, label: string) =>
  `<p style="margin:28px 0"><a href="${escape(link)}" style="background:#1F5C57;color:#FFFFFF;text-decoration:none;padding:14px 24px;border-radius:999px;font-weight:bold">${escape(label)}</a></p>`;
/** A small line of plain words, then the link written out on its own line (long addresses may break anywhere). */
export const linkLine = (lead: string, link: string) =>
  paragraph(`${escape(lead)}<br><a href="${escape(link)}" style="color:#1F5C57;word-break:break-all">${escape(link)}</a>`, true);
export const fallbackLink = (link: string) => linkLine('Si el botón no funciona, copia este enlace en tu navegador:', link);

/**
 * `redirect` (a path of this site, already checked) rides along in the link so that, once verified and signed
 * in, the person lands back where they signed up from: the verify page hands it to the login page. The
 * greeting uses the username only when it is a plain name (never "evil.example").
 */
export function verificationEmail(to: { email: string; username: string }, token: string, publicUrl: string, redirect?: string): Mail {
  const query = `token=${encodeURIComponent(token)}${redirect ? `&${redirectParam(redirect)}` : ''}`;
  const link = new URL(`/verify-email?${query}`, publicUrl).toString();
  const hello = greeting(to.username);
  const text = [
    hello,
    '',
    'Gracias por crear tu cuenta en Manifiesta. Para activarla, abre este enlace:',
    link,
    '',
    `El enlace vale por ${VERIFICATION_TTL_HOURS} horas y se puede usar una sola vez. Si no creaste esta cuenta, ignora este correo: sin el enlace nadie puede activarla.`,
    '',
    'Te espero adentro, con tu primera actividad lista para empezar.',
    '',
    ...SIGN_OFF,
  ].join('\n');
  const html = layout(hello, [
    paragraph('Gracias por crear tu cuenta en Manifiesta. Para activarla, toca el botón:'),
    button(link, 'Activar mi cuenta'),
    fallbackLink(link),
    paragraph(`El enlace vale por ${VERIFICATION_TTL_HOURS} horas y se puede usar una sola vez. Si no creaste esta cuenta, ignora este correo.`, true),
  ]);
  return { to: to.email, subject: 'Activa tu cuenta de Manifiesta', text, html };
}

export const SIGNUP_ATTEMPT_SUBJECT = 'Alguien intentó crear una cuenta con tu correo';

/**
 * To the owner of an address someone tried to sign up with: the signup answered as for a new account, so
 * only the owner learns of it. The way in is /login, or a new password from /recuperar.
 */
export function signupAttemptEmail(to: { email: string; username: string; verified: boolean }, publicUrl: string): Mail {
  const link = new URL('/login', publicUrl).toString();
  const hello = greeting(to.username);
  const notice = 'Alguien intentó crear una cuenta nueva en Manifiesta con esta dirección de correo. Como ya tienes una cuenta con ella, no creamos otra.';
  const ifYou = 'Si fuiste tú, no necesitas una cuenta nueva: inicia sesión con tu correo y tu contraseña.';
  const unverified = 'Tu cuenta todavía no está activada: al iniciar sesión puedes pedir un nuevo enlace de activación.';
  const forgot = 'Si no recuerdas tu contraseña, crea una nueva aquí:';
  const recover = new URL('/recuperar', publicUrl).toString();
  const notYou = 'Si no fuiste tú, puedes ignorar este correo: tu cuenta sigue igual y nadie entra en ella sin tu contraseña.';
  const text = [hello, '', notice, '', ifYou, link, ...(to.verified ? [] : ['', unverified]), '', forgot, recover, '', notYou, '', ...SIGN_OFF].join('\n');
  const html = layout(hello, [
    paragraph(notice),
    paragraph(ifYou),
    button(link, 'Iniciar sesión'),
    fallbackLink(link),
    ...(to.verified ? [] : [paragraph(unverified, true)]),
    paragraph(`${escape(forgot)} <a href="${escape(recover)}" style="color:#1F5C57">${escape(recover)}</a>`, true),
    paragraph(notYou, true),
  ]);
  return { to: to.email, subject: SIGNUP_ATTEMPT_SUBJECT, text, html };
}

export const NEW_DEVICE_SUBJECT = 'Nuevo inicio de sesión en tu cuenta';

// We know no place for a login, and the reader's time zone neither: the time is said in UTC, plainly.
const LOGIN_TIME = new Intl.DateTimeFormat('es', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
export const loginTime = (at: Date) => `${LOGIN_TIME.format(at)} (hora UTC)`;

/**
 * To an account's owner, when it was signed in to from a browser it had not used before: when, and the browser as
 * its User-Agent names it (which is all we know: we keep no location). If it was not them, the way out is a new
 * password, made from the password-recovery page.
 */
export function newDeviceEmail(to: { email: string; username: string }, device: { label: string | null; at: Date }, publicUrl: string): Mail {
  const link = new URL('/recuperar', publicUrl).toString();
  const hello = greeting(to.username);
  const notice = 'Alguien inició sesión en tu cuenta de Manifiesta desde un navegador que no habíamos visto antes en ella.';
  const when = `Cuándo: ${loginTime(device.at)}`;
  const browser = device.label ?? 'no lo sabemos (el navegador no lo dice)';
  const what = `Dispositivo: ${browser}`;
  const known = 'El dispositivo es el que el navegador dice ser. No sabemos desde dónde se conectó: no registramos la ubicación.';
  const ifYou =
    'Si fuiste tú, no tienes que hacer nada. Es normal recibir este aviso cuando entras desde otro navegador o dispositivo, o después de borrar las cookies.';
  const notYou = 'Si no fuiste tú, cambia tu contraseña ahora:';
  const why = 'al crear una nueva se cierran todas las sesiones abiertas de tu cuenta.';
  const text = [hello, '', notice, '', when, what, '', known, '', ifYou, '', `${notYou} ${why}`, link, '', ...SIGN_OFF].join('\n');
  const html = layout(hello, [
    paragraph(escape(notice)),
    paragraph(`<strong>Cuándo:</strong> ${escape(loginTime(device.at))}<br><strong>Dispositivo:</strong> ${escape(browser)}`),
    paragraph(escape(known), true),
    paragraph(escape(ifYou)),
    paragraph(`<strong>${escape(notYou)}</strong> ${escape(why)}`),
    button(link, 'Cambiar mi contraseña'),
    fallbackLink(link),
  ]);
  return { to: to.email, subject: NEW_DEVICE_SUBJECT, text, html };
}

/** The account mails' recipients, read from the `users` read model when the job runs. */
export function accountMailRecipients(db: Queryable, publicUrl: string) {
  const account = (userId: string) => accountContactOf(db, userId);

  return {
    /**
     * Each send issues a new token (only its hash is stored) and puts it in the link. Earlier unused tokens of
     * the account stay valid until they expire: mails may arrive late or out of order, and whichever one the
     * person opens should work.
     */
    async verification(job: Extract<MailJob, { kind: 'account-verification' }>): Promise<MailRecipient> {
      const user = await account(job.userId);
      if (!user) return { skip: 'no such account' };
      if (user.verified) return { skip: 'account already verified' };
      return {
        to: user.email,
        async render() {
          const token = newToken();
          await storeVerificationToken(db, job.userId, token);
          return verificationEmail(user, token, publicUrl, job.redirect);
        },
      };
    },

    async signupAttempt(job: Extract<MailJob, { kind: 'signup-attempt' }>): Promise<MailRecipient> {
      const user = await account(job.userId);
      if (!user) return { skip: 'no such account' };
      return { to: user.email, render: async () => signupAttemptEmail(user, publicUrl) };
    },

    /** A browser forgotten by then (the account deleted, or a year unseen) gets nothing. */
    async newDevice(job: Extract<MailJob, { kind: 'new-device' }>): Promise<MailRecipient> {
      const user = await account(job.userId);
      if (!user) return { skip: 'no such account' };
      const device = await signedInDevice(db, job.userId, job.deviceId);
      if (!device) return { skip: 'no such browser' };
      return { to: user.email, render: async () => newDeviceEmail(user, device, publicUrl) };
    },
  };
}
