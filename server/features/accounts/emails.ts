// The account e-mails, in Spanish, HTML and plain text.
import { redirectParam } from '../../../events/shared/redirect';
import type { EmailPayload } from '../../../jobs/email/send-email';
import { VERIFICATION_TTL_HOURS } from './accounts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `redirect` (a path of this site, already checked) rides along in the link so that, once verified and signed
 * in, the person lands back where they signed up from: the verify page hands it to the login page.
 */
export function verificationEmail(to: { email: string; username: string }, token: string, publicUrl: string, redirect?: string): EmailPayload {
  const query = `token=${encodeURIComponent(token)}${redirect ? `&${redirectParam(redirect)}` : ''}`;
  const link = new URL(`/verify-email?${query}`, publicUrl).toString();
  const text = [
    `¡Hola, ${to.username}!`,
    '',
    'Gracias por crear tu cuenta en Manifiesta. Para activarla, abre este enlace:',
    link,
    '',
    `El enlace vale por ${VERIFICATION_TTL_HOURS} horas y se puede usar una sola vez. Si no creaste esta cuenta, ignora este correo: sin el enlace nadie puede activarla.`,
    '',
    'Te espero adentro, con tu primera actividad lista para empezar.',
    '',
    'Con cariño,',
    'Manifiesta',
  ].join('\n');
  const html = `<!doctype html>
<html lang="es"><body style="margin:0;padding:24px;background:#F4EBDD;font-family:Helvetica,Arial,sans-serif;color:#2B2622">
  <div style="max-width:520px;margin:0 auto;background:#FFFDF9;border-radius:16px;padding:32px">
    <h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">¡Hola, ${escape(to.username)}!</h1>
    <p style="font-size:16px;line-height:1.6">Gracias por crear tu cuenta en Manifiesta. Para activarla, toca el botón:</p>
    <p style="margin:28px 0"><a href="${escape(link)}" style="background:#1F5C57;color:#FFFFFF;text-decoration:none;padding:14px 24px;border-radius:999px;font-weight:bold">Activar mi cuenta</a></p>
    <p style="font-size:14px;line-height:1.6;color:#5C544D">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escape(link)}" style="color:#1F5C57;word-break:break-all">${escape(link)}</a></p>
    <p style="font-size:14px;line-height:1.6;color:#5C544D">El enlace vale por ${VERIFICATION_TTL_HOURS} horas y se puede usar una sola vez. Si no creaste esta cuenta, ignora este correo.</p>
    <p style="font-size:16px;line-height:1.6;margin-top:24px">Con cariño,<br>Manifiesta</p>
  </div>
</body></html>`;
  return { to: to.email, subject: 'Activa tu cuenta de Manifiesta', text, html, kind: 'account-verification' };
}
