// A real SMTP server on loopback (port 0, no auth, no STARTTLS) that parses every message it accepts.
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  mail: ParsedMail;
  /** The envelope recipients (RCPT TO), lower-cased. */
  rcptTo: string[];
}

export interface SmtpCapture {
  port: number;
  url: string;
  received: CapturedMail[];
  /** The mails whose envelope went to `address` (case-insensitive), in arrival order. */
  mailsTo(address: string): CapturedMail[];
  close(): Promise<void>;
}

export function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** `port`: listen where a mailer was already pointed (an SMTP server that comes back); default a free one. */
export async function startSmtpCapture({ port: wanted = 0 } = {}): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ mail, rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (address) => received.filter((m) => m.rcptTo.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
