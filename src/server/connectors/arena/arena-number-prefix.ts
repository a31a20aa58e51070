import type { ArenaNumberFormat, ArenaTemplate } from './arena-schemas.ts';
import { defaultNumberPrefix } from './arena-values.ts';

/** A number prefix a create may send, with where it was found (for messages to admins). */
export interface PrefixOption {
  guid: string;
  value: string | null;
  /** The number format's name, when the prefix comes from the workspace's list. */
  format: string | null;
}

/**
 * Whether the template lists its own number formats. The documented templates may not
 * (`"numberFormats": null`): the workspace then lists them under "GET Quality Process Number Formats".
 */
export const listsNumberFormats = (template: ArenaTemplate): boolean => template.numberFormats.length > 0;

/** The prefixes a create of this template may name: the template's, else every one of the workspace's formats. */
export function prefixOptions(template: ArenaTemplate, workspace: readonly ArenaNumberFormat[]): PrefixOption[] {
  if (listsNumberFormats(template)) return template.numberFormats.flatMap((f) => f.prefixes.map((p) => ({ ...p, format: null })));
  return workspace.flatMap((f) => f.prefixes.map((p) => ({ ...p, format: f.name })));
}

/**
 * The prefix a create sends when none is configured: the first prefix of the template's default
 * number format; for a template that lists none, the first prefix of the workspace's format named
 * as the template's short name (Arena names a template's format so: "CAR" for the CAR template).
 * Null when neither exists.
 */
export function defaultPrefix(template: ArenaTemplate, workspace: readonly ArenaNumberFormat[]): PrefixOption | null {
  if (listsNumberFormats(template)) {
    const guid = defaultNumberPrefix(template);
    return prefixOptions(template, workspace).find((p) => p.guid === guid) ?? null;
  }
  const short = template.shortName?.trim().toLowerCase();
  const format = short ? workspace.find((f) => f.name?.trim().toLowerCase() === short) : undefined;
  const first = format?.prefixes[0];
  return first ? { ...first, format: format.name } : null;
}

/** "CH- 2NFVSU4YE18HV57SWDUY, CAR- …": the options in words, or "none listed". */
export function prefixList(options: readonly PrefixOption[]): string {
  return options.length > 0 ? options.map((p) => `${p.value ?? '(no text)'} ${p.guid}`).join(', ') : 'none listed';
}
