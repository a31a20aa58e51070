import { describe, expect, it } from 'vitest';
import { smtpOptions } from './mailer.ts';

describe('the SMTP connection', () => {
  it('requires TLS on any host but loopback', () => {
    expect(smtpOptions('smtp://user:secret@mail.example.org:587', 1000).requireTLS).toBe(true);
    expect(smtpOptions('smtp://10.0.0.5:25', 1000).requireTLS).toBe(true);
  });

  it('lets a server on this machine (the tests and a local relay) go without', () => {
    for (const url of ['smtp://127.0.0.1:2525', 'smtp://localhost:25', 'smtp://[::1]:25']) expect(smtpOptions(url, 1000).requireTLS).toBe(false);
  });
});
