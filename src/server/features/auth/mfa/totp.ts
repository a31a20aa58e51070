import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** A code of the step before or after the current one is accepted too (a phone's clock a little off). */
const WINDOW = 1;

const totpOf = (secret: string, label = '') => new TOTP({ issuer: 'Quality Portal', label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address a QR code carries, naming the portal and the account. */
export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step the code belongs to, within the allowed window, or null for a wrong code. */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** Recovery codes: 10 lowercase letters and digits (50 bits), shown as `xxxxx-xxxxx`. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
