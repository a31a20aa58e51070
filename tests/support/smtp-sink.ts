import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives. stop() takes it down (connections
 * are refused, as in an outage); start() brings it back on the same port.
 */
export async function startSmtpSink(opts: { refuse?: () => string | null } = {}) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  async function start(): Promise<void> {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        const reason = opts.refuse?.();
        if (!reason) return callback();
        return callback(Object.assign(new Error(reason), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const s = server;
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', () => resolve()));
    port = (s.server.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return { received, url: () => `smtp://127.0.0.1:${port}`, start, stop };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
