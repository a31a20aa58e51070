import { type ArenaClient, ArenaError, type ArenaTemplate, type SetupFinding, checkNumberPrefix, checkOwner, readTemplate } from '../../connectors/arena/index.ts';
import { type CheckLine, attempt, failLine, notChecked, okLine } from './lines.ts';
import type { MappedAttributes } from './mappings.ts';

export interface ArenaCheckDeps {
  /** Undefined when ARENA_EMAIL and ARENA_PASSWORD are not set. */
  arena: ArenaClient | undefined;
  email: string | undefined;
  /** ARENA_WORKSPACE_ID. */
  workspaceId: string | undefined;
  templateGuid: string | undefined;
  ownerGuid: string | undefined;
  numberPrefixGuid: string | undefined;
  mappings: MappedAttributes;
  /**
   * Whose Arena session the check signs in with: `shared`, the portal's, kept in its database with
   * the sign-in back-off (`from` says which); `own`, one of its own, which ends the integration
   * user's other session; `emulator`, the sandbox's own emulator.
   */
  session: { kind: 'shared'; from: string } | { kind: 'own' } | { kind: 'emulator' };
}

const SIGN_IN = 'Arena sign-in';
const WORKSPACE = 'Arena workspace';
const TEMPLATE = 'Arena template';
const OWNER = 'Arena owner';
const PREFIX = 'Arena number prefix';
const QUOTA = 'Arena quota';
const ATTRIBUTES = 'Arena step attributes';

const finding = (check: string, f: SetupFinding) => (f.ok ? okLine(check, f.found) : failLine(check, f.problem));

const FIX = 'Fix the credentials before trying again: after repeated refusals Arena disables the integration account for five minutes (4083).';

function refusal(err: unknown): string {
  if (!(err instanceof ArenaError)) throw err;
  const codes = err.codes.length > 0 ? ` (${err.codes.join(', ')})` : '';
  if (err.kind === 'auth') return `${err.message}${codes}. ${FIX}`;
  // The back-off says when the next sign-in may be tried; every instance and this check keep to it.
  if (err.kind === 'signin_paused') return `${err.arenaSaid ?? err.message}${codes}. ${err.message} ${FIX}`;
  return `${err.message}${codes}`;
}

/** The sign-in line: whose session the check used, and what that means for a running portal. */
function signedInText(d: ArenaCheckDeps, fresh: boolean): string {
  const as = d.email ? ` as ${d.email}` : '';
  switch (d.session.kind) {
    case 'emulator':
      return `signed in${as}`;
    case 'shared':
      return fresh
        ? `signed in${as}; the session is kept in ${d.session.from} as the portal's Arena session, so a running portal uses it too`
        : `the portal's Arena session from ${d.session.from}${as}: no new sign-in, so a running portal keeps its session`;
    case 'own':
      return `signed in${as} with a session of its own: Arena ends the integration user's other session, so a portal running now signs in again on its next call (set DATABASE_URL, or stop the portal on DATA_DIR, to check with the portal's session)`;
  }
}

async function attributesLine(arena: ArenaClient, template: ArenaTemplate, mappings: MappedAttributes): Promise<CheckLine> {
  if ('none' in mappings) return okLine(ATTRIBUTES, `no mappings checked (${mappings.none})`);
  if ('error' in mappings) return failLine(ATTRIBUTES, `the field mappings could not be read from ${mappings.from}: ${mappings.error}`);
  if (mappings.mappings.length === 0) return okLine(ATTRIBUTES, `no field mappings yet in ${mappings.from}`);
  const fields = new Map<string, string>();
  for (const step of await arena.getTemplateSteps(template.guid)) {
    for (const a of step.attributes) fields.set(a.guid, `${a.name} in "${step.name}" (${a.type})`);
  }
  const missing = mappings.mappings.filter((m) => !fields.has(m.guid));
  if (missing.length > 0) {
    const which = missing.map((m) => `"${m.name}" writes ${m.guid}`).join('; ');
    return failLine(ATTRIBUTES, `no step of the template "${template.name}" has the attribute a field mapping writes: ${which}. Fix those mappings on the Field mappings page.`);
  }
  const found = mappings.mappings.map((m) => fields.get(m.guid)).join(', ');
  return okLine(ATTRIBUTES, `all ${mappings.mappings.length} field mappings of ${mappings.from} write attributes of the template's steps: ${found}`);
}

/**
 * Read-only checks of Arena as a transfer will use it: the sign-in and its workspace, the template,
 * the owner and number prefix a create sends, the daily quota left, and the step attributes the
 * field mappings write. Nothing is created or changed.
 */
export async function checkArena(d: ArenaCheckDeps): Promise<CheckLine[]> {
  const { arena } = d;
  const rest = [WORKSPACE, TEMPLATE, OWNER, PREFIX, QUOTA, ATTRIBUTES];
  if (!arena) return [failLine(SIGN_IN, 'ARENA_EMAIL and ARENA_PASSWORD are not set: no complaint could be turned into a quality process'), ...notChecked(rest, 'no Arena credentials')];

  const signedIn: { workspace?: CheckLine } = {};
  const signIn = await attempt(SIGN_IN, async () => {
    try {
      const session = await arena.signIn();
      const id = session?.workspaceId ?? null;
      const name = `"${session?.workspaceName ?? '(no name)'}" ${id ?? '(no id)'}`;
      signedIn.workspace = !session
        ? // The stored session was signed in with ARENA_WORKSPACE_ID, or the sign-in would have been refused.
          okLine(WORKSPACE, `the portal's session, signed in to ARENA_WORKSPACE_ID ${d.workspaceId ?? '(none)'}`)
        : d.workspaceId && id !== null && String(id) !== d.workspaceId
          ? failLine(WORKSPACE, `Arena signed in to workspace ${name}, not ARENA_WORKSPACE_ID ${d.workspaceId}`)
          : okLine(WORKSPACE, d.workspaceId ? `${name} (ARENA_WORKSPACE_ID)` : `${name} (sandbox: no ARENA_WORKSPACE_ID needed)`);
      return okLine(SIGN_IN, signedInText(d, session !== null));
    } catch (err) {
      return failLine(SIGN_IN, refusal(err));
    }
  });
  const workspace = signedIn.workspace;
  if (!signIn.ok || !workspace) return [signIn, ...notChecked(rest, 'Arena did not accept the sign-in')];

  if (!d.templateGuid) return [signIn, workspace, failLine(TEMPLATE, 'ARENA_TEMPLATE_GUID is not set'), ...notChecked([OWNER, PREFIX], 'no template'), await quotaLine(arena), ...notChecked([ATTRIBUTES], 'no template')];
  const read: { template?: ArenaTemplate } = {};
  const templateGuid = d.templateGuid;
  const template = await attempt(TEMPLATE, async () => {
    const got = await readTemplate(arena, templateGuid);
    if (!('template' in got)) return failLine(TEMPLATE, got.problem);
    read.template = got.template;
    const steps = got.template.steps.filter((s) => s.type === 'REGULAR').length;
    return okLine(TEMPLATE, `"${got.template.name}" ${templateGuid}, ${steps} steps with fields${got.template.active === false ? ' (inactive!)' : ''}`);
  });
  const t = read.template;
  if (!t) return [signIn, workspace, template, ...notChecked([OWNER, PREFIX], 'the template could not be read'), await quotaLine(arena), ...notChecked([ATTRIBUTES], 'the template could not be read')];
  const owner = await attempt(OWNER, async () => finding(OWNER, await checkOwner(arena, t, d.ownerGuid)));
  const prefix = await attempt(PREFIX, async () => finding(PREFIX, await checkNumberPrefix(arena, t, d.numberPrefixGuid)));
  const attributes = await attempt(ATTRIBUTES, () => attributesLine(arena, t, d.mappings));
  return [signIn, workspace, template, owner, prefix, await quotaLine(arena), attributes];
}

/** What Arena's last reply said of the workspace's daily quota. */
async function quotaLine(arena: ArenaClient): Promise<CheckLine> {
  const { requestsRemaining, resetsAt } = arena.status();
  const reset = resetsAt ? `; it starts again at ${resetsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  if (requestsRemaining === null) return okLine(QUOTA, 'Arena did not say how many requests are left today');
  if (requestsRemaining <= 0) return failLine(QUOTA, `no requests left of the workspace's daily quota${reset}: every transfer fails until then`);
  return okLine(QUOTA, `${requestsRemaining.toLocaleString('en-US')} requests left today${reset}`);
}
