import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { SmtpMailSender, parseMailFrom } from '../../src/server/notify/mail.ts';
import { OutboxSender, readOutbox } from '../../src/server/notify/outbox.ts';
import { HttpSmsSender } from '../../src/server/notify/sms.ts';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('SMTP mail sender', () => {
  it('delivers through a real SMTP conversation', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => smtp.close(() => resolve())));
    const { port } = smtp.server.address() as AddressInfo;

    const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Marketplace <no-reply@example.com>');
    await sender.sendMail({ to: 'buyer@example.com', subject: 'Your code', text: 'Code 123456' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@example.com', to: ['buyer@example.com'] });
    expect(received[0]!.data).toContain('Subject: Your code');
    expect(received[0]!.data).toContain('Code 123456');
    expect(received[0]!.data).toMatch(/^From: Marketplace <no-reply@example\.com>\r?$/m);

    // The site's name is the sender's when MAIL_FROM names only the shipped default (or nobody); an operator's own
    // name in MAIL_FROM stays.
    const shipped = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Property Marketplace <no-reply@example.com>');
    await shipped.sendMail({ to: 'buyer@example.com', subject: 'Code', text: 'x', fromName: 'Casa QA Realty' });
    expect(received[1]!.data).toMatch(/^From: Casa QA Realty <no-reply@example\.com>\r?$/m);
    await sender.sendMail({ to: 'buyer@example.com', subject: 'Code', text: 'x', fromName: 'Casa QA Realty' });
    expect(received[2]!.data).toMatch(/^From: Marketplace <no-reply@example\.com>\r?$/m);
    const bare = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'no-reply@example.com');
    await bare.sendMail({ to: 'buyer@example.com', subject: 'Code', text: 'x', fromName: 'Casa QA Realty' });
    expect(received[3]!.data).toMatch(/^From: Casa QA Realty <no-reply@example\.com>\r?$/m);
    expect(received.map((r) => r.from)).toEqual(Array(4).fill('no-reply@example.com'));
  });

  it('reads MAIL_FROM with or without a name', () => {
    expect(parseMailFrom('Property Marketplace <no-reply@localhost>')).toEqual({
      name: 'Property Marketplace',
      address: 'no-reply@localhost',
    });
    expect(parseMailFrom('"Homes, Ltd" <hi@homes.example>')).toEqual({
      name: 'Homes, Ltd',
      address: 'hi@homes.example',
    });
    expect(parseMailFrom('<hi@homes.example>')).toEqual({ name: '', address: 'hi@homes.example' });
    expect(parseMailFrom(' hi@homes.example ')).toEqual({ name: '', address: 'hi@homes.example' });
  });
});

describe('HTTP SMS sender', () => {
  it('posts a Twilio-style message with basic auth, and reports a refusal', async () => {
    const requests: { url: string; auth: string; body: URLSearchParams }[] = [];
    let status = 201;
    const fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        requests.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body: new URLSearchParams(body) });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => fake.close(() => resolve())));
    const { port } = fake.address() as AddressInfo;

    const sender = new HttpSmsSender({
      baseUrl: `http://127.0.0.1:${port}`,
      accountSid: 'AC123',
      authToken: 'secret',
      from: '+15550000000',
    });
    await sender.sendSms({ to: '+15551112222', body: 'Code 654321' });
    expect(requests[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(requests[0]!.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(requests[0]!.body)).toEqual({
      To: '+15551112222',
      From: '+15550000000',
      Body: 'Code 654321',
    });

    status = 401;
    await expect(sender.sendSms({ to: '+15551112222', body: 'x' })).rejects.toThrow('SMS provider answered 401');
  });
});

describe('outbox sender', () => {
  it('writes each message to the outbox folder for local use', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    closers.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const outbox = new OutboxSender(dir);
    await outbox.sendSms({ to: '+1555', body: 'hello' });
    await outbox.sendMail({ to: 'a@b.co', subject: 'Hi', text: 'there' });
    expect(await readOutbox(dir, '+1555')).toMatchObject([{ channel: 'sms', text: 'hello' }]);
    expect(await readOutbox(dir, 'a@b.co')).toMatchObject([{ channel: 'mail', subject: 'Hi', text: 'there' }]);
  });
});
