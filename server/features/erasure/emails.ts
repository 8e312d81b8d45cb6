// The erasure's confirmation mail, to the address that was just forgotten (kept in erasure_notices for this
// mail alone, and deleted once it is sent).
import type { Queryable } from '../../../events/store/types';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { layout, paragraph, SIGN_OFF } from '../accounts/emails';
import { forgetNotice, noticeAddress } from './records';

export const ACCOUNT_DELETED_SUBJECT = 'Tu cuenta de Manifiesta fue eliminada';

/** No name (we no longer have it), no link: the account and everything it wrote are gone. */
export function accountDeletedEmail(to: string): Mail {
  const heading = 'Tu cuenta fue eliminada';
  const done =
    'Como nos pediste, eliminamos tu cuenta de Manifiesta: tu correo, tu nombre, tus respuestas, reflexiones, revelaciones y metas ya no se pueden leer en ningún lugar de nuestro sistema.';
  const kept = 'Solo conservamos lo que la ley nos pide de los pagos (importes y números de operación), sin tu nombre ni tu correo.';
  const last = 'Este es el último correo que te escribimos: después de enviarlo, también olvidamos esta dirección.';
  const notYou = 'Si no pediste esto, responde a este correo cuanto antes.';
  const text = [heading, '', done, '', kept, '', last, '', notYou, '', ...SIGN_OFF].join('\n');
  const html = layout(heading, [paragraph(done), paragraph(kept), paragraph(last, true), paragraph(notYou, true)]);
  return { to, subject: ACCOUNT_DELETED_SUBJECT, text, html };
}

export function erasureMailRecipients(db: Queryable) {
  return {
    async accountDeleted(job: Extract<MailJob, { kind: 'account-deleted' }>): Promise<MailRecipient> {
      const to = await noticeAddress(db, job.noticeId);
      if (!to) return { skip: 'notice already sent or expired' };
      return { to, render: async () => accountDeletedEmail(to), afterSend: (jobId) => forgetNotice(db, job.noticeId, jobId) };
    },
  };
}
