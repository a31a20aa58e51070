import { readStateFile, writeStateFile } from '../state-file.ts';
import type { ArenaEmulatorState, EmulatedProcess } from './state.ts';

/** What survives a restart: the processes and the numbering. Sessions, quota and injected failures do not. */
interface SavedArenaState {
  version: 1;
  lastNumber: number;
  processes: EmulatedProcess[];
}

export function loadArenaState(file: string, state: ArenaEmulatorState): void {
  const saved = readStateFile<SavedArenaState>(file, 1);
  if (!saved) return;
  state.lastNumber = saved.lastNumber;
  state.processes = new Map(saved.processes.map((p) => [p.guid, p]));
}

export function saveArenaState(file: string, state: ArenaEmulatorState): void {
  writeStateFile(file, { version: 1, lastNumber: state.lastNumber, processes: [...state.processes.values()] } satisfies SavedArenaState);
}
