// The welcome mail a new lead receives, per source. Warm, short, in the coach's voice (tú). The worker finds the
// lead by its stream id when it sends (the job holds nothing else); a lead that is gone by then gets nothing.
import type { LeadSource } from '../../../events/leads/leads.events';
import { leadOf } from '../../../events/leads/queries';
import { greeting } from '../../../course/contact';
import type { Queryable } from '../../../events/store/types';
import type { Keyring } from '../../../events/store/keyring';
import { leadSubject } from '../../../events/store/sealing';
import type { Mail, MailJob, MailRecipient } from '../../../jobs/email/send-email';
import { forgetPageLink, forgetToken } from '../erasure/forget-link';

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

/** Greets by the name the visitor typed only when it is a plain name: an old lead may hold anything. */
export function leadWelcomeEmail(
  lead: { email: string; nick: string; page: LeadSource['page']; section: LeadSource['section'] },
  publicUrl: string,
  forgetLink: string,
): Mail {
  const what = WHAT[`${lead.page}|${lead.section}`] ?? WHAT['Newsletter Archive|Subscription Form']!;
  const link = new URL(what.path, publicUrl).toString();
  const text = [
    greeting(lead.nick),
    '',
    `Gracias por confiar en este espacio. Ya tienes ${what.gift}.`,
    `Si la descarga no empezó o quieres volver a verlo, siempre lo encuentras aquí: ${link}`,
    '',
    'Tómate un momento tranquilo para recibirlo, sin apuro. Lo que hoy empieza como una lectura o una escucha puede convertirse en un cambio real cuando lo llevas a tu día a día.',
    '',
    'Cada tanto te voy a escribir con herramientas, reflexiones y prácticas para acompañarte.',
    '',
    'Con cariño,',
    'Manifiesta',
    '',
    `Si prefieres no recibir más correos y que olvidemos tu dirección y tu nombre, entra aquí: ${forgetLink}`,
  ].join('\n');
  // RFC 2369: mail clients offer «darse de baja» with this link (it opens the page that asks for one click).
  return { to: lead.email, subject: what.subject, text, headers: { 'List-Unsubscribe': `<${forgetLink}>` } };
}

/** The welcome's recipient, read from the `leads` read model when the job runs. */
export function leadMailRecipients(db: Queryable, publicUrl: string, keyring: Pick<Keyring, 'subjectId' | 'mac'>) {
  return {
    async welcome(job: Extract<MailJob, { kind: 'lead-welcome' }>): Promise<MailRecipient> {
      const lead = await leadOf(db, job.leadId);
      if (!lead) return { skip: 'no such lead' };
      return {
        to: lead.email,
        render: async () => {
          const token = await forgetToken(keyring, await keyring.subjectId(leadSubject(lead.email)));
          return leadWelcomeEmail({ ...lead, page: job.page, section: job.section }, publicUrl, forgetPageLink(publicUrl, token));
        },
      };
    },
  };
}
