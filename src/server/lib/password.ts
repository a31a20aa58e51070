import { hash, verify } from '@node-rs/argon2';

/** argon2id's cost: memory in KiB, passes over it, lanes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's recommended cost for argon2id (the library's default algorithm): every hash the portal stores. */
export const PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** A hash at `cost` (tests pass a lower one; a verify reads the cost from the hash it checks). */
export function hashPassword(password: string, cost: PasswordCost = PASSWORD_COST): Promise<string> {
  return hash(password, cost);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password at `cost`, verified against when the email is unknown so timing does not tell. */
const decoys = new Map<string, Promise<string>>();
export function decoyHash(cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const key = `${cost.memoryCost}/${cost.timeCost}/${cost.parallelism}`;
  let decoy = decoys.get(key);
  if (!decoy) {
    decoy = hashPassword(crypto.randomUUID(), cost);
    decoys.set(key, decoy);
  }
  return decoy;
}
