// The welcome mail a new lead receives, per source. Warm, short, in the coach's voice (tú). The worker finds the
// lead by its stream id when it sends (the job holds nothing else); a lead that is gone by then gets nothing.
// It is marketing (decision 0019): its footer, in both parts, has the one-click unsubscribe link (signed here by
// the worker) and the forget link, and its headers offer the unsubscribe to mail clients (RFC 8058).
import type { LeadSource } from '../../../events/leads/leads.events';
import { leadOf, subscriberOf } from '../../../events/leads/queries';
import { greeting } from '../../../course/contact';
import type { Queryable } from '../../../events/store/types';
import type { Keyring } from '../../../events/store/keyring';
import { leadSubject } from '../../../events/store/sealing';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { escape, layout, paragraph } from '../accounts/emails';
import { forgetPageLink, forgetToken } from '../erasure/forget-link';
import { listUnsubscribeHeaders, loadUnsubscribeSecret, oneClickUrl, unsubscribeToken, unsubscribeUrl } from '../newsletter/unsubscribe';

const WHAT: Record<string, { subject: string; gift: string; path: string }> = {
  'nostalgia|fragmento': {
    subject: 'Tu audiolibro «Soltar el Pasado» ya es tuyo',
    gift: 'el audiolibro «Soltar el Pasado»',
    path: '/nostalgia',
  },
  'niveles|pdf': {
    subject: 'Tu guía de los niveles de conciencia',
    gift: 'la guía en PDF de los niveles de conciencia',
    path: '/niveles',
  },
  'afirmaciones|fragmento': {
    subject: 'Tu fragmento gratuito de afirmaciones',
    gift: 'el fragmento gratuito del ebook de afirmaciones',
    path: '/afirmaciones',
  },
  'afirmaciones|ebook': {
    subject: 'Tu ebook de afirmaciones completo',
    gift: 'el ebook completo de afirmaciones',
    path: '/afirmaciones',
  },
  'Newsletter Archive|Subscription Form': {
    subject: 'Bienvenida al newsletter de Manifiesta',
    gift: 'tu lugar en el newsletter',
    path: '/newsletter',
  },
};

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

const footerLink = (lead: string, link: string) =>
  paragraph(`${escape(lead)}<br><a href="${escape(link)}" style="color:#1F5C57;word-break:break-all">${escape(link)}</a>`, true);

/** Greets by the name the visitor typed only when it is a plain name: an old lead may hold anything. */
export function leadWelcomeEmail(
  lead: { email: string; nick: string; page: LeadSource['page']; section: LeadSource['section'] },
  publicUrl: string,
  links: LeadMailLinks,
): Mail {
  const what = WHAT[`${lead.page}|${lead.section}`] ?? WHAT['Newsletter Archive|Subscription Form']!;
  const link = new URL(what.path, publicUrl).toString();
  const hello = greeting(lead.nick);
  const body = [
    `Gracias por confiar en este espacio. Ya tienes ${what.gift}.`,
    'Tómate un momento tranquilo para recibirlo, sin apuro. Lo que hoy empieza como una lectura o una escucha puede convertirse en un cambio real cuando lo llevas a tu día a día.',
    'Cada tanto te voy a escribir con herramientas, reflexiones y prácticas para acompañarte.',
  ];
  const again = 'Si la descarga no empezó o quieres volver a verlo, siempre lo encuentras aquí:';
  const text = [
    hello,
    '',
    body[0],
    `${again} ${link}`,
    '',
    body[1],
    '',
    body[2],
    '',
    'Con cariño,',
    'Manifiesta',
    '',
    '--',
    UNSUBSCRIBE_LINE,
    links.unsubscribe,
    '',
    FORGET_LINE,
    links.forget,
  ].join('\n');
  const html = layout(
    hello,
    [
      paragraph(escape(body[0]!)),
      paragraph(`${escape(again)} <a href="${escape(link)}" style="color:#1F5C57">${escape(link)}</a>`),
      paragraph(escape(body[1]!)),
      paragraph(escape(body[2]!)),
    ],
    { footer: [footerLink(UNSUBSCRIBE_LINE, links.unsubscribe), footerLink(FORGET_LINE, links.forget)] },
  );
  return { to: lead.email, subject: what.subject, text, html, headers: listUnsubscribeHeaders(links.oneClick, links.unsubscribe) };
}

/** The welcome's recipient, read from the `leads` read model when the job runs. */
export function leadMailRecipients(db: Queryable, publicUrl: string, keyring: Pick<Keyring, 'subjectId' | 'mac'>) {
  return {
    async welcome(job: Extract<MailJob, { kind: 'lead-welcome' }>): Promise<MailRecipient> {
      const [lead, subscriber] = await Promise.all([leadOf(db, job.leadId), subscriberOf(db, job.leadId)]);
      if (!lead) return { skip: 'no such lead' };
      // She left every marketing mail (the download itself was on the page already).
      if (subscriber?.status === 'unsubscribed') return { skip: 'unsubscribed' };
      return {
        to: lead.email,
        render: async () => {
          const forget = await forgetToken(keyring, await keyring.subjectId(leadSubject(lead.email)));
          const token = unsubscribeToken(await loadUnsubscribeSecret(db), job.leadId);
          const links = { oneClick: oneClickUrl(publicUrl, token), unsubscribe: unsubscribeUrl(publicUrl, token), forget: forgetPageLink(publicUrl, forget) };
          return leadWelcomeEmail({ ...lead, page: job.page, section: job.section }, publicUrl, links);
        },
      };
    },
  };
}
