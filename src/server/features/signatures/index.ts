/** Electronic signatures and signing tokens; other features sign through `Signatures.sign` inside their own change. */
export { canonicalJson, sha256 } from './canonical.ts';
export { type Signatures, createSignatures } from './signatures.service.ts';
export { createSignaturesRepo } from './signatures.repo.ts';
export { type Reauthenticate, createSigningTokens } from './signing-tokens.ts';
export { signaturesRoutes } from './signatures.routes.ts';
