// A mail catcher on :1025 like Mailpit's SMTP side: accepts every message and prints it to the
// container's log (`docker-compose logs mail`), so external share invitations can be read.
import { SMTPServer } from 'smtp-server';

const MAX_PRINTED = 64 * 1024;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const message = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
      console.log(`--- mail from ${session.envelope.mailFrom.address} to ${to} (${message.length} bytes)`);
      console.log(message.slice(0, MAX_PRINTED));
      done();
    });
  },
});
server.listen(1025, '0.0.0.0', () => console.log('Mail catcher on :1025'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
