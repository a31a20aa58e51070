// The auth feature's public surface for other features: the signed-in user's second factor.
export { useMfaStatus } from './mfa-api.ts';
