// The newsletter's confirmation mail (double opt-in, decision 0016), in Spanish, HTML and plain text. The worker finds
// the address by its visitor stream when it sends (the job holds nothing else); an address that is gone, or whose
// subscription is confirmed by then, gets nothing; the link's token is issued only when the mail is written.
import { greeting } from '../../../course/contact';
import { accountContactOf } from '../../../events/accounts/queries';
import { leadOf, subscriberOf } from '../../../events/leads/queries';
import { loadLetter } from '../../../events/newsletter/queries';
import { currentSetting } from '../../../events/site/queries';
import type { Queryable } from '../../../events/store/types';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { button, fallbackLink, layout, paragraph, SIGN_OFF } from '../accounts/emails';
import { libraryImage } from '../media/routes';
import { CONFIRMATION_TTL_HOURS, issueConfirmationToken } from './confirmation-tokens';
import { letterMail, type LetterMailOptions } from './render';
import { unsubscribePage } from './unsubscribe';

export const CONFIRM_SUBSCRIPTION_SUBJECT = 'Confirma tu suscripción al newsletter de Manifiesta';

export const confirmationLink = (publicUrl: string, token: string) => new URL(`/newsletter/confirmar?token=${encodeURIComponent(token)}`, publicUrl).toString();

/** Greets by the name the visitor typed only when it is a plain name; repeats nothing else she typed. */
export function confirmSubscriptionEmail(to: { email: string; nick: string }, token: string, publicUrl: string): Mail {
  const link = confirmationLink(publicUrl, token);
  const hello = greeting(to.nick);
  const validity = `El enlace vale por ${CONFIRMATION_TTL_HOURS} horas y se puede usar una sola vez. Si no pediste suscribirte, ignora este correo: sin tu confirmación no te escribiremos.`;
  const text = [
    hello,
    '',
    'Gracias por querer recibir las cartas de Manifiesta. Para confirmar tu suscripción, abre este enlace:',
    link,
    '',
    validity,
    '',
    ...SIGN_OFF,
  ].join('\n');
  const html = layout(hello, [
    paragraph('Gracias por querer recibir las cartas de Manifiesta. Para confirmar tu suscripción, toca el botón:'),
    button(link, 'Confirmar mi suscripción'),
    fallbackLink(link),
    paragraph(validity, true),
  ]);
  return { to: to.email, subject: CONFIRM_SUBSCRIPTION_SUBJECT, text, html };
}

export const TEST_SUBJECT_PREFIX = '[Prueba] ';

/** How a letter is rendered for the coach's eyes (preview, test send): her name from her settings, the generic unsubscribe page. */
export async function previewOptions(db: Queryable, publicUrl: string): Promise<LetterMailOptions> {
  return { publicUrl, coachName: await currentSetting(db, 'coachName'), unsubscribeUrl: unsubscribePage(publicUrl) };
}

export function newsletterMailRecipients(db: Queryable, publicUrl: string) {
  return {
    async confirm(job: Extract<MailJob, { kind: 'newsletter-confirm' }>): Promise<MailRecipient> {
      const [lead, subscriber] = await Promise.all([leadOf(db, job.leadId), subscriberOf(db, job.leadId)]);
      if (!lead || !subscriber) return { skip: 'no such subscriber' };
      if (subscriber.status !== 'pending') return { skip: `subscription ${subscriber.status}` };
      return {
        to: lead.email,
        async render() {
          const token = await issueConfirmationToken(db, job.leadId);
          return confirmSubscriptionEmail(lead, token, publicUrl);
        },
      };
    },

    /** The letter as it is saved when the mail is written, to the account that asked, its subject marked as a test. */
    async letterTest(job: Extract<MailJob, { kind: 'letter-test' }>): Promise<MailRecipient> {
      const [letter, account] = await Promise.all([loadLetter(db, job.letterId), accountContactOf(db, job.userId)]);
      if (!letter) return { skip: 'no such letter' };
      if (!account) return { skip: 'no such account' };
      return {
        to: account.email,
        async render() {
          const [cover, options] = await Promise.all([libraryImage(db, letter.cover), previewOptions(db, publicUrl)]);
          const mail = letterMail({ ...letter, cover }, options);
          return { to: account.email, ...mail, subject: `${TEST_SUBJECT_PREFIX}${mail.subject}` };
        },
      };
    },
  };
}
