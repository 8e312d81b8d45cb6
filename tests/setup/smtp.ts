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
  /**
   * From now on, messages past the first `count` received are read but never answered: the sender waits for the
   * server's acceptance, as over a slow link, and a sender that dies meanwhile delivered nothing. `Infinity` lifts it.
   */
  holdAfter(count: number): void;
  /** Messages read and waiting for an answer (see holdAfter). */
  held(): number;
  close(): Promise<void>;
}

export function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/**
 * `port`: listen where a mailer was already pointed (an SMTP server that comes back); default a free one.
 * `refuse`: addresses whose RCPT TO is answered «550 mailbox unavailable» (a mailbox that does not exist).
 */
export async function startSmtpCapture({ port: wanted = 0, refuse = [] as string[] } = {}): Promise<SmtpCapture> {
  const refused = new Set(refuse.map((a) => a.toLowerCase()));
  const received: CapturedMail[] = [];
  let limit = Infinity;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (received.length >= limit) {
            held++;
            return; // never answered: the sender's connection ends with it, undelivered
          }
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
    holdAfter: (count) => void (limit = count),
    held: () => held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
