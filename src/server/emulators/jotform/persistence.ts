import { readStateFile, writeStateFile } from '../state-file.ts';
import type { EmuForm, EmuQuestion, EmuSubmission, EmulatorState } from './types.ts';

type SavedForm = Omit<EmuForm, 'questions' | 'webhooks'> & { questions: EmuQuestion[]; webhooks: [string, string][] };

/** What survives a restart: forms (questions, webhooks, qid counter) and submissions. Quota and request log do not. */
interface SavedJotformState {
  version: 1;
  forms: SavedForm[];
  submissions: EmuSubmission[];
}

/** Replaces the fixture forms and submissions with the saved ones, when a state file exists. */
export function loadJotformState(file: string, state: EmulatorState): void {
  const saved = readStateFile<SavedJotformState>(file, 1);
  if (!saved) return;
  state.forms = new Map(saved.forms.map((f) => [f.id, { ...f, questions: new Map(f.questions.map((q) => [q.qid, q])), webhooks: new Map(f.webhooks) }]));
  state.submissions = new Map(saved.submissions.map((s) => [s.id, s]));
  state.revision += 1;
}

export function saveJotformState(file: string, state: EmulatorState): void {
  const forms = [...state.forms.values()].map((f) => ({ ...f, questions: [...f.questions.values()], webhooks: [...f.webhooks.entries()] }));
  writeStateFile(file, { version: 1, forms, submissions: [...state.submissions.values()] } satisfies SavedJotformState);
}
