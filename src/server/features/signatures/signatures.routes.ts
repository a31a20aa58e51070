import { signaturesApi } from '#shared/contract/signatures';
import type { Route } from '../../plugins/contract.ts';
import type { Signatures } from './signatures.service.ts';
import type { SigningTokens } from './signing-tokens.ts';

export function signaturesRoutes(route: Route, tokens: SigningTokens, signatures: Signatures, idOf: (idOrChNumber: string) => Promise<string>): void {
  route(signaturesApi.signingToken, ({ user, body }) => tokens.issue(user, body.password, body.code || undefined));
  route(signaturesApi.list, async ({ params }) => ({ results: await signatures.list(await idOf(params.id)) }));
}
