import { MEANINGS, type Meaning, type Signature, type SignatureInput, type SignedKind } from '#shared/contract/signatures';
import type { Db, Queryable } from '../../db/client.ts';
import type { Work } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { Invalid } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { canonicalJson, sha256 } from './canonical.ts';
import type { SignatureRow, SignaturesRepo } from './signatures.repo.ts';
import type { SigningTokens } from './signing-tokens.ts';

/** The current content of a signed kind on a complaint, as plain data (null: there is none). */
export type SnapshotSource = (q: Queryable, submissionId: string) => Promise<unknown>;

/**
 * What a signature of each kind signs, read the same way when signing and whenever its validity is
 * checked; and the audit actions that change that content, which name the change once it no longer
 * matches.
 */
export type SignedContent = Record<SignedKind, { snapshot: SnapshotSource; changedBy: readonly string[] }>;

export interface SignaturesDeps {
  db: Db;
  repo: SignaturesRepo;
  tokens: SigningTokens;
  clock: Clock;
  content: SignedContent;
}

/** Electronic signatures (docs/features/signatures.md): signing inside a change, and reading them with their validity. */
export function createSignatures(d: SignaturesDeps) {
  const hashOf = async (q: Queryable, kind: SignedKind, submissionId: string) => {
    const text = canonicalJson(await d.content[kind].snapshot(q, submissionId));
    return { text, hash: sha256(text) };
  };

  async function toSignature(row: SignatureRow, currentHash: string, q: Queryable): Promise<Signature> {
    const valid = row.snapshotHash === currentHash;
    const change = valid ? undefined : await d.repo.firstChange(row.submissionId, row.signedAt, d.content[row.kind].changedBy, q);
    return {
      id: String(row.id),
      kind: row.kind,
      signer: { id: row.signerId, name: row.signerName },
      meaning: row.meaning as Meaning,
      at: row.signedAt.toISOString(),
      method: row.method,
      hash: row.snapshotHash,
      valid,
      changed: valid ? null : { at: (change?.at ?? row.signedAt).toISOString(), by: change?.by ?? null },
    };
  }

  return {
    /**
     * Signs `kind` of the complaint inside the caller's change (its unit of work), after the change
     * is written: checks the meaning against the kind's list, uses the signing token (the signer's
     * own session, once, within two minutes), snapshots the content on the change's transaction and
     * stores the signature with its audit entry. A throw rolls the whole change back, token included.
     */
    async sign(work: Work, signer: AuthUser, input: SignatureInput, subject: { submissionId: string; kind: SignedKind }): Promise<Signature> {
      const allowed: readonly string[] = MEANINGS[subject.kind];
      if (!allowed.includes(input.meaning)) {
        const message = `signature.meaning must be ${allowed.map((m) => `"${m}"`).join(' or ')} for this action`;
        throw new Invalid(message, { 'signature.meaning': message });
      }
      const method = await d.tokens.use(work.tx, signer, input.token);
      const { text, hash } = await hashOf(work.tx, subject.kind, subject.submissionId);
      const row = await d.repo.insert(work.tx, {
        submissionId: subject.submissionId,
        kind: subject.kind,
        meaning: input.meaning,
        signerId: signer.id,
        signerName: signer.name,
        signerEmail: signer.email,
        method,
        signedAt: d.clock.now(),
        snapshot: text,
        snapshotHash: hash,
      });
      await work.audit({ actor: signer, entity: 'submission', entityId: subject.submissionId, action: 'sign', after: { kind: subject.kind, meaning: input.meaning, method, hash } });
      return toSignature(row, hash, work.tx);
    },

    /** Every signature on the complaint, newest first, each checked against the content as it is now. */
    async list(submissionId: string, q: Queryable = d.db): Promise<Signature[]> {
      const rows = await d.repo.list(submissionId, q);
      const hashes = new Map<SignedKind, string>();
      for (const kind of new Set(rows.map((r) => r.kind))) hashes.set(kind, (await hashOf(q, kind, submissionId)).hash);
      // One after another: `q` may be a transaction, one connection.
      const out: Signature[] = [];
      for (const r of rows) out.push(await toSignature(r, hashes.get(r.kind)!, q));
      return out;
    },

    /** The signature that still covers the kind's content as it is now, if any (the newest valid one). */
    async current(submissionId: string, kind: SignedKind, q: Queryable = d.db): Promise<Signature | undefined> {
      const [latest] = await d.repo.list(submissionId, q, kind);
      if (!latest) return undefined;
      const signature = await toSignature(latest, (await hashOf(q, kind, submissionId)).hash, q);
      return signature.valid ? signature : undefined;
    },

    /** The snapshot text and hash of a kind's content now (what a signature would sign). */
    snapshotOf: (q: Queryable, kind: SignedKind, submissionId: string) => hashOf(q, kind, submissionId),
  };
}
export type Signatures = ReturnType<typeof createSignatures>;
