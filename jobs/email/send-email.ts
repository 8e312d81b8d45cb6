// email.send: delivers one e-mail through SMTP (SMTP_URL), or writes it to the outbox folder as .eml.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../events/shared/contact';

export const EMAIL_SEND = 'email.send';
export const EMAIL_SEND_DEAD = 'email.send.dead';

export const EmailPayload = z.object({
  // The same rule as the forms and the API: an address they accepted is one the mailer sends to.
  to: z.string().trim().max(MAX_EMAIL).regex(EMAIL_PATTERN),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().optional(),
  /** What the mail is about, for logs without personal data (e.g. 'lead-welcome'). */
  kind: z.string().min(1).max(60),
});
export type EmailPayload = z.infer<typeof EmailPayload>;

export interface EmailDeps {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void; error?(obj: object, msg: string): void };
}

/** An SMTP error without the addresses some servers quote back ("550 <ana@example.com>: unknown user"). */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[dirección]');
}

/** A mailer built once per worker: SMTP when configured, else the outbox. */
export function createMailer(deps: EmailDeps) {
  const transport = deps.smtpUrl
    ? nodemailer.createTransport(deps.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return async function deliver(jobId: string, payload: EmailPayload): Promise<void> {
    const mail = EmailPayload.parse(payload);
    // A stable Message-ID per job: a retried delivery carries the same id, so clients fold duplicates.
    const messageId = `<${jobId}@manifiesta.local>`;
    const info = await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId });
    if (deps.smtpUrl) {
      deps.log.info({ job: jobId, kind: mail.kind }, 'mail sent through SMTP');
      return;
    }
    await fs.mkdir(deps.outboxDir, { recursive: true });
    const file = path.join(deps.outboxDir, `${jobId}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    deps.log.info({ job: jobId, kind: mail.kind, file }, `mail written to the outbox: ${mail.subject}`);
  };
}
