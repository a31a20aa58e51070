import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A stored authenticator seed sealed with the MFA key: `s1.<iv>.<ciphertext>.<tag>` (AES-256-GCM, base64url). */
const SEALED = 's1.';
/** A stored recovery code hashed with the MFA key: `k1.<HMAC-SHA-256>`. */
const KEYED = 'k1.';

/** The MFA key could not open a stored seed: another key (MFA_KEY changed, or DATA_DIR/mfa-key replaced) or damaged data. */
export class SealBroken extends Error {
  constructor(userId: string) {
    super(`The authenticator seed of user ${userId} cannot be opened with this portal's MFA key (MFA_KEY, or DATA_DIR/mfa-key). Restore the key, or reset the user's two-step verification (npm run admin:reset-mfa).`);
  }
}

/** Recovery codes are typed with or without their dash, in any case. */
const normalised = (code: string) => code.replace(/-/g, '').toLowerCase();

/** How an earlier release stored a recovery code: the unkeyed SHA-256 of the normalised code. */
export const unkeyedRecoveryHash = (code: string): string => createHash('sha256').update(normalised(code)).digest('hex');

const b64 = (b: Buffer) => b.toString('base64url');

/**
 * What the portal keeps of a second factor, kept unreadable without the MFA key (docs/security.md,
 * "Two-step verification at rest"): authenticator seeds encrypted (AES-256-GCM, the user's id as
 * associated data, so a seed copied onto another account does not open), recovery codes as keyed
 * hashes (HMAC-SHA-256 over the unkeyed hash, so codes stored by an earlier release are rehashed
 * without knowing them). The two keys are derived from the one MFA key (HKDF-SHA-256).
 */
export function createMfaSeal(mfaKey: string) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', Buffer.from(mfaKey, 'utf8'), Buffer.alloc(0), info, 32));
  const sealKey = derive('quality-portal mfa seed v1');
  const macKey = derive('quality-portal recovery code v1');
  const aad = (userId: string) => Buffer.from(`mfa_totp:${userId}`, 'utf8');
  const keyedOf = (unkeyed: string) => `${KEYED}${b64(createHmac('sha256', macKey).update(unkeyed).digest())}`;

  return {
    /** The seed as stored. */
    seal(userId: string, secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv).setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED}${b64(iv)}.${b64(body)}.${b64(cipher.getAuthTag())}`;
    },
    /** The seed from what is stored; one stored in the clear by an earlier release reads as it is (sealed at the next start). */
    open(userId: string, stored: string): string {
      if (!stored.startsWith(SEALED)) return stored;
      const [iv = '', body = '', tag = ''] = stored.slice(SEALED.length).split('.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url')).setAAD(aad(userId)).setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SealBroken(userId);
      }
    },
    isSealed: (stored: string): boolean => stored.startsWith(SEALED),
    /** A recovery code as stored. */
    recoveryHash: (code: string): string => keyedOf(unkeyedRecoveryHash(code)),
    /** What a stored hash becomes: an unkeyed one of an earlier release gets the key; a keyed one stays. */
    rekeyed: (stored: string): string => (stored.startsWith(KEYED) ? stored : keyedOf(stored)),
  };
}
export type MfaSeal = ReturnType<typeof createMfaSeal>;

/** For what reads no seed and writes no code (the server's reset of a second factor): any use is a mistake, said as such. */
export const NO_SEAL: MfaSeal = {
  seal: () => {
    throw new Error('This command has no MFA key: it cannot seal a seed.');
  },
  open: () => {
    throw new Error('This command has no MFA key: it cannot open a seed.');
  },
  isSealed: (stored) => stored.startsWith(SEALED),
  recoveryHash: () => {
    throw new Error('This command has no MFA key: it cannot hash a recovery code.');
  },
  rekeyed: () => {
    throw new Error('This command has no MFA key: it cannot rehash a recovery code.');
  },
};
