// The signatures feature's public surface: the signing step of a signed action and how a signature shows.
export { SignFields } from './sign-fields.tsx';
export { SignatureLine } from './signature-line.tsx';
export { type SigningVia, useSignedSubmit } from './use-signed-submit.ts';
