// The mails of a lead's welcome sequence (decision 0021): the welcome at once (step 1), steps 2 and 3 on their day,
// as the coach wrote them (course/sequences.ts: the default welcome). The worker finds the lead by its stream id
// when it sends (the job holds nothing else); a lead that is gone by then, or left the sequence, gets nothing.
// It is marketing (decision 0019): its footer, in both parts, has the one-click unsubscribe link (signed here by
// the worker) and the forget link, and its headers offer the unsubscribe to mail clients (RFC 8058).
import { accountContactOf } from '../../../events/accounts/queries';
import { leadOf } from '../../../events/leads/queries';
import { exitReasonOf, exitsOf, recordExit, stepToSend } from '../../../events/sequences/queries';
import { greeting } from '../../../course/contact';
import { defaultWelcome, sequenceSourceOf, sequenceUtm } from '../../../course/sequences';
import type { Queryable } from '../../../events/store/types';
import type { Keyring } from '../../../events/store/keyring';
import { leadSubject } from '../../../events/store/sealing';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { layout, linkLine, SIGN_OFF } from '../accounts/emails';
import { TEST_SUBJECT_PREFIX } from '../newsletter/emails';
import { markdownMailParts } from '../newsletter/render';
import { forgetPageLink, forgetToken } from '../erasure/forget-link';
import { listUnsubscribeHeaders, loadUnsubscribeSecret, oneClickUrl, unsubscribePage, unsubscribeToken, unsubscribeUrl } from '../newsletter/unsubscribe';

/**
 * Welcomes still queued from before double opt-in (the newsletter form's), in the words every welcome had: the form's
 * subscribers get the confirmation mail now, so no new one is queued.
 */
const NEWSLETTER_WELCOME = defaultWelcome({ gift: 'tu lugar en el newsletter', path: '/newsletter', welcomeSubject: 'Bienvenida al newsletter de Manifiesta' });

export const UNSUBSCRIBE_LINE = 'Si prefieres no recibir más correos de Manifiesta, date de baja con un clic:';
export const FORGET_LINE = 'Y si además quieres que olvidemos tu dirección y tu nombre, entra aquí:';

/** The unsubscribe and forget links of a lead's marketing mail. */
export interface LeadMailLinks {
  /** The RFC 8058 endpoint (List-Unsubscribe). */
  oneClick: string;
  /** The page that asks for the click (the footer's link). */
  unsubscribe: string;
  forget: string;
}

/**
 * A mail of a lead's welcome sequence: the coach's step (subject, Markdown) between the generated greeting — by the
 * name the visitor typed only when it is a plain name (an old lead may hold anything) — and the sign-off, and the
 * footer with the unsubscribe and forget links. Nothing else the visitor typed is in it.
 */
export function leadSequenceEmail(
  lead: { email: string; nick: string },
  step: { subject: string; markdown: string },
  utm: Record<string, string>,
  publicUrl: string,
  links: LeadMailLinks,
): Mail {
  const hello = greeting(lead.nick);
  const body = markdownMailParts(step.markdown, utm, publicUrl);
  const text = [hello, '', body.text, '', ...SIGN_OFF, '', '--', UNSUBSCRIBE_LINE, links.unsubscribe, '', FORGET_LINE, links.forget].join('\n');
  const html = layout(hello, body.blocks, { footer: [linkLine(UNSUBSCRIBE_LINE, links.unsubscribe), linkLine(FORGET_LINE, links.forget)] });
  return { to: lead.email, subject: step.subject, text, html, headers: listUnsubscribeHeaders(links.oneClick, links.unsubscribe) };
}

/** A lead's sequence mails (the welcome, steps 2 and 3), their recipient read from the read models when the job runs. */
export function leadMailRecipients(db: Queryable, publicUrl: string, keyring: Pick<Keyring, 'subjectId' | 'mac'>) {
  /** The mail of one step to a lead, with her own unsubscribe and forget links. */
  const recipient = (
    leadId: string,
    lead: { email: string; nick: string },
    step: { subject: string; markdown: string },
    utm: Record<string, string>,
  ): MailRecipient => ({
    to: lead.email,
    render: async () => {
      const forget = await forgetToken(keyring, await keyring.subjectId(leadSubject(lead.email)));
      const token = unsubscribeToken(await loadUnsubscribeSecret(db), leadId);
      const links = { oneClick: oneClickUrl(publicUrl, token), unsubscribe: unsubscribeUrl(publicUrl, token), forget: forgetPageLink(publicUrl, forget) };
      return leadSequenceEmail(lead, step, utm, publicUrl, links);
    },
  });

  return {
    /**
     * Step 1, at once: the step the coach wrote, or the download's default welcome. Only her leaving the mails
     * stops it (the download itself was on the page already; a buyer still gets the link to what she downloaded).
     */
    async welcome(job: Extract<MailJob, { kind: 'lead-welcome' }>): Promise<MailRecipient> {
      const [lead, exits] = await Promise.all([leadOf(db, job.leadId), exitsOf(db, job.leadId)]);
      if (!lead) return { skip: 'no such lead' };
      if (exits.left) return { skip: exits.left };
      const source = sequenceSourceOf(job.page, job.section);
      const step = source ? await stepToSend(db, source, 1) : NEWSLETTER_WELCOME;
      return recipient(job.leadId, lead, step!, sequenceUtm({ page: job.page, section: job.section }, 1));
    },

    /** Step 2 or 3, when the sweep found it due: unless she left, bought, signed up or was forgotten since, or the step was taken out. */
    async step(job: Extract<MailJob, { kind: 'sequence-step' }>): Promise<MailRecipient> {
      const source = sequenceSourceOf(job.page, job.section);
      if (!source) return { skip: 'no sequence for this source' };
      const [lead, reason, step] = await Promise.all([leadOf(db, job.leadId), exitReasonOf(db, job.leadId), stepToSend(db, source, job.step)]);
      if (!lead) return { skip: 'no such lead' };
      if (reason) {
        await recordExit(db, job.leadId, reason, new Date());
        return { skip: reason };
      }
      if (!step) return { skip: 'step not written' };
      return recipient(job.leadId, lead, step, sequenceUtm(source, job.step));
    },

    /** The step as it is saved when the mail is written, to the coach's account that asked, its subject marked as a test. */
    async stepTest(job: Extract<MailJob, { kind: 'sequence-test' }>): Promise<MailRecipient> {
      const source = sequenceSourceOf(job.page, job.section);
      const [account, step] = await Promise.all([accountContactOf(db, job.userId), source && stepToSend(db, source, job.step)]);
      if (!account) return { skip: 'no such account' };
      if (!source || !step) return { skip: 'step not written' };
      return {
        to: account.email,
        async render() {
          const mail = leadSequenceEmail(
            { email: account.email, nick: account.username },
            step,
            sequenceUtm(source, job.step),
            publicUrl,
            previewLinks(publicUrl),
          );
          return { ...mail, subject: `${TEST_SUBJECT_PREFIX}${mail.subject}` };
        },
      };
    },
  };
}

/** A test's or a preview's footer links: the pages themselves, no one's token. */
export const previewLinks = (publicUrl: string): LeadMailLinks => {
  const unsubscribe = unsubscribePage(publicUrl);
  return { oneClick: unsubscribe, unsubscribe, forget: new URL('/olvidar', publicUrl).toString() };
};
