import type { ArenaClient } from './arena-client.ts';
import { ArenaError } from './arena-errors.ts';
import type { ArenaTemplate } from './arena-schemas.ts';
import { type PrefixOption, defaultPrefix, listsNumberFormats, prefixList, prefixOptions } from './arena-number-prefix.ts';

/** The part of the configuration every create depends on. */
export interface ArenaSetupToCheck {
  templateGuid: string;
  /** ARENA_OWNER_GUID. */
  ownerGuid?: string | undefined;
  /** ARENA_NUMBER_PREFIX_GUID. */
  numberPrefixGuid?: string | undefined;
}

const REFUSED = 'so Arena will refuse every new quality process';

/** One part of the set-up as Arena has it: what was found, or what is wrong in words for admins. */
export type SetupFinding = { ok: true; found: string } | { ok: false; problem: string };

/**
 * The number prefix a create will send, checked against the template's number formats, or the
 * workspace's ("GET Quality Process Number Formats") when the template lists none.
 */
export async function checkNumberPrefix(client: Pick<ArenaClient, 'getNumberFormats'>, template: ArenaTemplate, prefixGuid: string | undefined): Promise<SetupFinding> {
  const own = listsNumberFormats(template);
  const workspace = own ? [] : await client.getNumberFormats();
  const options = prefixOptions(template, workspace);
  const name = `the template "${template.name}"`;
  const whose = own ? name : `the workspace (${name} lists no number formats of its own)`;
  const text = (p: PrefixOption) => `${p.value ?? '(no text)'} ${p.guid}`;
  if (prefixGuid) {
    const prefix = options.find((p) => p.guid === prefixGuid);
    if (prefix) return { ok: true, found: `${text(prefix)} (ARENA_NUMBER_PREFIX_GUID${prefix.format ? `, of the workspace's number format "${prefix.format}"` : ''})` };
    return { ok: false, problem: `ARENA_NUMBER_PREFIX_GUID ${prefixGuid} is not a number prefix of ${whose} (its prefixes: ${prefixList(options)}), ${REFUSED}.` };
  }
  const chosen = defaultPrefix(template, workspace);
  if (chosen) {
    const why = own ? "the first prefix of the template's default number format" : `the first prefix of the workspace's number format "${chosen.format ?? ''}", named as the template's short name`;
    return { ok: true, found: `${text(chosen)} (${why})` };
  }
  const missing = own ? `${name} has no default number format with a prefix` : `${name} lists no number formats and the workspace has none named "${template.shortName ?? ''}"`;
  return { ok: false, problem: `ARENA_NUMBER_PREFIX_GUID is not set and ${missing}, ${REFUSED}. Set it to one of ${own ? "the template's" : "the workspace's"} prefixes: ${prefixList(options)}.` };
}

/** The owner a create will name: the configured one among Arena's quality-process owners, else the template's default. */
export async function checkOwner(client: ArenaClient, template: ArenaTemplate, ownerGuid: string | undefined): Promise<SetupFinding> {
  if (ownerGuid) {
    const owner = (await client.getOwners()).find((o) => o.guid === ownerGuid);
    if (owner) return { ok: true, found: `${owner.fullName ?? '(no name)'} ${ownerGuid} (ARENA_OWNER_GUID)` };
    return { ok: false, problem: `ARENA_OWNER_GUID ${ownerGuid} is not one of Arena's quality-process owners, ${REFUSED}. Use the GUID of a user listed under Settings › Quality Processes › Owners.` };
  }
  if (template.defaultOwner) return { ok: true, found: `${template.defaultOwner.fullName ?? '(no name)'} ${template.defaultOwner.guid} (the template's default owner)` };
  return { ok: false, problem: `ARENA_OWNER_GUID is not set and the template "${template.name}" has no default owner, ${REFUSED} ("Quality Processes cannot be created without an owner"). Set ARENA_OWNER_GUID to one of Arena's quality-process owners.` };
}

/** The configured template, or a finding saying it names none. Arena failing otherwise is thrown. */
export async function readTemplate(client: ArenaClient, templateGuid: string): Promise<{ template: ArenaTemplate } | { ok: false; problem: string }> {
  try {
    return { template: await client.getTemplate(templateGuid) };
  } catch (err) {
    if (err instanceof ArenaError && err.kind === 'not_found') {
      return { ok: false, problem: `ARENA_TEMPLATE_GUID ${templateGuid} names no quality-process template in Arena (${err.message}).` };
    }
    throw err;
  }
}

/**
 * What is wrong with the configured template, owner and number prefix, in words for admins; empty
 * when a create would pass. Arena failing to reply is thrown.
 */
export async function findSetupProblems(client: ArenaClient, setup: ArenaSetupToCheck): Promise<string[]> {
  const read = await readTemplate(client, setup.templateGuid);
  if (!('template' in read)) return [read.problem];
  const findings = [await checkOwner(client, read.template, setup.ownerGuid), await checkNumberPrefix(client, read.template, setup.numberPrefixGuid)];
  return findings.flatMap((f) => (f.ok ? [] : [f.problem]));
}
