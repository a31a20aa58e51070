import { z } from 'zod';
import { Id } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';

/** What can be signed on a complaint: its reportability decision, its investigation (or the reason for none), its closure. */
export const SIGNED_KINDS = ['reportability', 'investigation', 'closure'] as const;
export type SignedKind = (typeof SIGNED_KINDS)[number];

/** The meanings a signature of each kind may carry: a fixed list per action (docs/features/signatures.md). */
export const MEANINGS = {
  reportability: ['Reportability decided'],
  investigation: ['Investigation reviewed'],
  closure: ['Complaint closed'],
} as const satisfies Record<SignedKind, readonly string[]>;
export type Meaning = (typeof MEANINGS)[SignedKind][number];
export const ALL_MEANINGS = Object.values(MEANINGS).flat() as Meaning[];

/** How the signer proved it was them at the moment of signing. */
export const SIGNING_METHODS = ['password', 'password+code', 'sso'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

/** The error code of a signature that could not be verified (a wrong password or code, a token used, expired or of another session): a 401 that is not about the session. */
export const SIGNING_FAILED = 'signing_failed';

/** A signing token lives this long, and is good for one signature. */
export const SIGNING_TOKEN_SECONDS = 120;

/** What a signed action carries: the one-use token from re-authenticating, and what the signature means. */
export const SignatureInput = z.object(
  {
    token: z.string({ message: 'signature.token is required' }).min(1, 'signature.token is required').max(200, 'signature.token is too long'),
    meaning: z.enum(ALL_MEANINGS as [Meaning, ...Meaning[]], { message: `signature.meaning must be one of ${ALL_MEANINGS.join(', ')}` }),
  },
  { message: 'signature is required: sign with your password (and code) or single sign-on' },
);
export type SignatureInput = z.infer<typeof SignatureInput>;

/** A signature as shown wherever the signed item shows: printed name, moment, meaning, and whether it still matches. */
export const Signature = z.object({
  id: z.string(),
  kind: z.enum(SIGNED_KINDS),
  signer: z.object({ id: z.string(), name: z.string() }),
  meaning: z.enum(ALL_MEANINGS as [Meaning, ...Meaning[]]),
  at: z.string(),
  method: z.enum(SIGNING_METHODS),
  /** SHA-256 (hex) of the canonical snapshot of what was signed. */
  hash: z.string(),
  /** The signed content is still what it was when signed. */
  valid: z.boolean(),
  /** When it no longer matches: the first change after signing and who made it (null: JotForm or the portal). */
  changed: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
});
export type Signature = z.infer<typeof Signature>;

const Password = z.string({ message: 'password is required' }).min(1, 'password is required').max(1024, 'password is too long');
export const SigningTokenBody = z.object({
  password: Password,
  /** The authenticator app's code (or a recovery code) when two-step verification is on. */
  code: z.string().trim().max(64, 'code is too long').optional(),
});

export const signaturesApi = defineApi('signatures', {
  signingToken: defineEndpoint({
    method: 'POST', path: '/v1/auth/signing-token', tag: 'Auth',
    summary: 'Re-authenticate to sign: a token good for one signature, for 2 minutes, in this session only',
    access: 'authenticated', body: SigningTokenBody, status: 200, response: z.object({ token: z.string(), expiresAt: z.string() }),
  }),
  list: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/signatures', tag: 'Signatures',
    summary: 'Every signature on a complaint, newest first, each with whether the signed content still matches',
    access: { capability: 'submissions' }, params: z.object({ id: Id }), status: 200, response: z.object({ results: z.array(Signature) }),
  }),
});
