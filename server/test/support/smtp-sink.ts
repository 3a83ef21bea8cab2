import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** A mail as the sink received it: the envelope, the raw message, its subject and text decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The Message-ID header: a retried send repeats it. */
  messageId: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server (Node's `smtp-server`) on loopback for tests, without TLS or auth, that keeps
 * every mail it accepts, parsed by `mailparser`. `refuse` makes it answer DATA with a temporary
 * failure, as a full mailbox or a busy server does. Used by the integration tests and the e2e.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  refuse = false;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => this.receive(stream, session, callback),
  });

  /** Listens on 127.0.0.1:`port` (any free port by default) and answers the port. */
  async start(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Resolves with the first mail to `address` (any case), waiting up to `timeoutMs` for it. */
  async waitFor(address: string, timeoutMs = 20_000): Promise<ReceivedMail> {
    const wanted = address.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails.find((m) => m.to.some((to) => to.toLowerCase() === wanted));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private receive(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (this.refuse) {
        callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
        return;
      }
      const raw = Buffer.concat(chunks);
      simpleParser(raw)
        .then((parsed) => {
          const from = session.envelope.mailFrom;
          this.mails.push({
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: raw.toString('utf8'),
            messageId: parsed.messageId ?? '',
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').replace(/\r\n/g, '\n'),
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    });
  }
}
