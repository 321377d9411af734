import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer.ts';
import { createLogger } from '../logger.ts';

const logger = createLogger('silent');
const mail = { to: 'ada@example.com', subject: 'Verify your email', text: 'Open http://localhost/auth/verify-email?token=abc' };

describe('mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file under the outbox', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    await createMailer({ outboxDir, from: 'DATA PIT <no-reply@datapit.local>', logger }).send(mail);
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ada@example.com$/m);
    expect(eml).toMatch(/^Subject: Verify your email$/m);
    expect(eml).toContain('verify-email?token=abc');
  });
});

describe('mailer with SMTP_URL', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends over SMTP to the configured server', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', from: 'no-reply@datapit.local', logger });
    await mailer.send(mail);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^Subject: Verify your email/m);
    expect(received[0]).toContain('verify-email?token=abc');
  });
});
