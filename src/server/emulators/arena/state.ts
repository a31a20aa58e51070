import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { type Compact, TEMPLATE } from './fixtures.ts';
import { nextPacificMidnight, zulu } from './pacific-time.ts';

export type StoredValue = string | number | string[] | null;

export interface EmulatedStep {
  guid: string;
  name: string;
  order: number;
  type: 'REGULAR' | 'SIGNOFF';
  status: 'OPEN' | 'COMPLETE';
  dueDateTime: string | null;
  completeDateTime: string | null;
  completeUser: Compact | null;
  assignees: Compact[] | null;
  /** Attribute GUIDs of the template step, in its order, with this process's values. */
  attributes: { guid: string; value: StoredValue }[];
  approvers: Compact[];
}

export interface EmulatedProcess {
  guid: string;
  number: string;
  name: string;
  description: string | null;
  type: string | null;
  status: 'OPEN' | 'COMPLETED';
  creationDateTime: string;
  completedDateTime: string | null;
  targetCompletionDateTime: string | null;
  creator: Compact;
  owner: Compact;
  templateGuid: string;
  steps: EmulatedStep[];
}

export interface EmulatedSession {
  email: string;
  lastUsedAt: number;
}

/** Everything the emulator remembers; tests may read it to check what reached "Arena". */
export interface ArenaEmulatorState {
  processes: Map<string, EmulatedProcess>;
  sessions: Map<string, EmulatedSession>;
  /** Last number handed out by the CH number format (0 = none yet). */
  lastNumber: number;
  quota: { limit: number; remaining: number; resetAt: Date };
  /** Successful logins and counted API calls since the last reset. */
  logins: number;
  requests: number;
  /** Bad passwords in a row for the integration user, and until when its account is disabled (4083). */
  lockout: { badPasswords: number; until: number };
  /** Injected by control.failNext / setLatency. */
  failures: { remaining: number; status: number; code: number; message: string };
  latencyMs: number;
}

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function newGuid(): string {
  let guid = '';
  for (let i = 0; i < 20; i += 1) guid += GUID_CHARS[randomInt(GUID_CHARS.length)];
  return guid;
}

export function newSessionToken(): string {
  return `EMUL-${randomBytes(24).toString('base64url')}|`;
}

export function createState(clock: Clock, requestLimit: number): ArenaEmulatorState {
  return {
    processes: new Map(),
    sessions: new Map(),
    lastNumber: 0,
    quota: { limit: requestLimit, remaining: requestLimit, resetAt: nextPacificMidnight(clock.now()) },
    logins: 0,
    requests: 0,
    lockout: { badPasswords: 0, until: 0 },
    failures: { remaining: 0, status: 503, code: 503, message: '' },
    latencyMs: 0,
  };
}

/** Puts a state back to the start, keeping the object the caller holds. */
export function resetState(state: ArenaEmulatorState, clock: Clock): void {
  Object.assign(state, createState(clock, state.quota.limit));
}

export function formatNumber(n: number): string {
  return String(n).padStart(6, '0');
}

export interface NewProcess {
  name: string;
  description: string | null;
  type: string | null;
  targetCompletionDateTime: string | null;
  owner: Compact;
  creator: Compact;
  prefix: string;
}

/** Instantiates the template: new step GUIDs, the template's attribute GUIDs with empty values. */
export function createProcess(state: ArenaEmulatorState, clock: Clock, input: NewProcess): EmulatedProcess {
  state.lastNumber += 1;
  const process: EmulatedProcess = {
    guid: newGuid(),
    number: `${input.prefix}${formatNumber(state.lastNumber)}`,
    name: input.name,
    description: input.description,
    type: input.type,
    status: 'OPEN',
    creationDateTime: zulu(clock.now()),
    completedDateTime: null,
    targetCompletionDateTime: input.targetCompletionDateTime,
    creator: input.creator,
    owner: input.owner,
    templateGuid: TEMPLATE.guid,
    steps: TEMPLATE.steps.map((s) => ({
      guid: newGuid(),
      name: s.name,
      order: s.order,
      type: s.type,
      status: 'OPEN',
      dueDateTime: null,
      completeDateTime: null,
      completeUser: null,
      assignees: null,
      attributes: s.attributeGuids.map((guid) => ({ guid, value: null })),
      approvers: (s.approvers ?? []).map(({ guid, fullName }) => ({ guid, fullName })),
    })),
  };
  state.processes.set(process.guid, process);
  return process;
}
