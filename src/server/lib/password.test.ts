import { describe, expect, it } from 'vitest';
import { PASSWORD_COST, decoyHash, hashPassword, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are argon2id at OWASP’s cost unless a cost is given, and verify at the cost they carry', async () => {
    const stored = await hashPassword('Correct horse 1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(PASSWORD_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(stored, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse 2')).toBe(false);
    const cheap = await hashPassword('Correct horse 1', { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword('not a hash', 'Correct horse 1')).toBe(false);
  });

  it('the decoy an unknown account is checked against costs what a stored hash costs, made once per cost', async () => {
    expect(await decoyHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(decoyHash()).toBe(decoyHash());
    expect(await decoyHash({ memoryCost: 1024, timeCost: 1, parallelism: 1 })).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });
});
