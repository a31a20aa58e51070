import type { ArenaClient } from './arena-client.ts';
import { ArenaError } from './arena-errors.ts';
import type { ArenaTemplate } from './arena-schemas.ts';
import { defaultNumberPrefix } from './arena-values.ts';

/** The part of the configuration every create depends on. */
export interface ArenaSetupToCheck {
  templateGuid: string;
  /** ARENA_OWNER_GUID. */
  ownerGuid?: string | undefined;
  /** ARENA_NUMBER_PREFIX_GUID. */
  numberPrefixGuid?: string | undefined;
}

const REFUSED = 'so Arena will refuse every new quality process';

function prefixList(template: ArenaTemplate): string {
  const prefixes = template.numberFormats.flatMap((f) => f.prefixes).map((p) => `${p.value ?? '(no text)'} ${p.guid}`);
  return prefixes.length > 0 ? prefixes.join(', ') : 'none listed';
}

function prefixProblem(template: ArenaTemplate, prefixGuid: string | undefined): string | null {
  const name = `the template "${template.name}"`;
  if (prefixGuid) {
    const known = template.numberFormats.some((f) => f.prefixes.some((p) => p.guid === prefixGuid));
    return known ? null : `ARENA_NUMBER_PREFIX_GUID ${prefixGuid} is not a number prefix of ${name} (its prefixes: ${prefixList(template)}), ${REFUSED}.`;
  }
  if (defaultNumberPrefix(template)) return null;
  return `ARENA_NUMBER_PREFIX_GUID is not set and ${name} has no default number format with a prefix, ${REFUSED}. Set it to one of the template's prefixes: ${prefixList(template)}.`;
}

/**
 * What is wrong with the configured template, owner and number prefix, in words for admins; empty
 * when a create would pass. Arena failing to answer is thrown.
 */
export async function findSetupProblems(client: ArenaClient, setup: ArenaSetupToCheck): Promise<string[]> {
  let template: ArenaTemplate;
  try {
    template = await client.getTemplate(setup.templateGuid);
  } catch (err) {
    if (err instanceof ArenaError && err.kind === 'not_found') {
      return [`ARENA_TEMPLATE_GUID ${setup.templateGuid} names no quality-process template in Arena (${err.message}).`];
    }
    throw err;
  }
  const problems: string[] = [];
  if (setup.ownerGuid) {
    const owners = await client.getOwners();
    if (!owners.some((o) => o.guid === setup.ownerGuid)) {
      problems.push(`ARENA_OWNER_GUID ${setup.ownerGuid} is not one of Arena's quality-process owners, ${REFUSED}. Use the GUID of a user listed under Settings › Quality Processes › Owners.`);
    }
  } else if (!template.defaultOwner) {
    problems.push(`ARENA_OWNER_GUID is not set and the template "${template.name}" has no default owner, ${REFUSED} ("Quality Processes cannot be created without an owner"). Set ARENA_OWNER_GUID to one of Arena's quality-process owners.`);
  }
  const prefix = prefixProblem(template, setup.numberPrefixGuid);
  if (prefix) problems.push(prefix);
  return problems;
}
