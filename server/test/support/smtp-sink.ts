import { createServer, type Server, type Socket } from 'node:net';

/** A mail as the sink received it, with its headers and text decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/**
 * A minimal SMTP server on loopback for tests (the `smtp-server` package is not installed):
 * EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT, enough for nodemailer without TLS or auth.
 * `refuse` makes it answer DATA with a temporary failure, as a full mailbox or a busy server does.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  refuse = false;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  async start(): Promise<number> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string | null = null;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          const raw = data.replace(/^\.\./gm, '.');
          this.mails.push({ from, to, raw, ...decode(raw) });
          data = null;
          reply('250 OK queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          if (this.refuse) reply('451 4.3.0 try again later');
          else {
            data = '';
            reply('354 go ahead');
          }
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('250 OK');
      }
    });
  }
}

/** Subject (RFC 2047 words) and the text part (quoted-printable or base64) of a simple mail. */
function decode(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const subject = header('Subject').replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=\s?/gi,
    (_w, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body)
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
