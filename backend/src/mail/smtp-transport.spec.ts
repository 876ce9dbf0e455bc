import os from 'node:os';
import { SMTPServer } from 'smtp-server';
import { createSmtpTransport, smtpConnectionOptions } from './smtp-transport';

describe('SMTP_URL with credentials', () => {
  it.each([
    ['smtp://mailer:secret@smtp.example.com:587', true],
    ['smtp://mailer:secret@10.0.0.5', true],
    ['smtps://mailer:secret@smtp.example.com', false],
    ['smtp://mailer:secret@localhost:2525', false],
    ['smtp://mailer:secret@127.0.0.1:2525', false],
    ['smtp://smtp.example.com:25', false],
  ])('%s requires TLS: %s', (url, requireTLS) => {
    expect(smtpConnectionOptions(url).requireTLS).toBe(requireTLS);
  });

  it('sends no password to a server on another host that offers no TLS', async () => {
    // This machine's own network address stands for another host: not a loopback address.
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    expect(address).toBeDefined();
    let authAttempts = 0;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(_auth, _session, callback) {
        authAttempts += 1;
        callback(null, { user: 'mailer' });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, address, () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    const transport = createSmtpTransport(`smtp://mailer:secret@${address}:${port}`);
    try {
      await expect(
        transport.sendMail({ from: 'shop@example.com', to: 'a@example.com', subject: 'x', text: 'x' }),
      ).rejects.toThrow(/STARTTLS/i);
      expect(authAttempts).toBe(0);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
