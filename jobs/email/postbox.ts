// Where every mail goes: through SMTP when SMTP_URL is set, else into the outbox folder as an .eml file (a newcomer's
// laptop). Shared by the account and lead mails (email.send) and the letters (newsletter-batch).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mail } from './send-email';

export interface PostboxOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Keeps SMTP connections open for the next mails (letters go by the thousand). */
  pool?: { maxConnections: number };
}

export interface Posted {
  /** The .eml file written, in outbox mode. */
  file?: string;
}

export function createPostbox({ smtpUrl, from, outboxDir, pool }: PostboxOptions) {
  const transport = smtpUrl
    ? nodemailer.createTransport(
        pool
          ? // Bounded waits: a claim of a letter's delivery is reclaimed only after every one of these has passed.
            { url: smtpUrl, pool: true, maxConnections: pool.maxConnections, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 }
          : smtpUrl,
      )
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    smtp: Boolean(smtpUrl),
    /** Sends `mail` to `to` (an address already checked) with a Message-ID of its own; resolves once SMTP accepted it. */
    async post(mail: Mail, to: string, messageId: string, outboxName: string): Promise<Posted> {
      const info = await transport.sendMail({ from, to, subject: mail.subject, text: mail.text, html: mail.html, messageId, headers: mail.headers });
      if (smtpUrl) return {};
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${outboxName}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      return { file };
    },
    close: () => transport.close(),
  };
}
