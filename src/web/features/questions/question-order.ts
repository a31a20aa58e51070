import { arrayMove } from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import type { Question } from '#shared/contract/questions';

/**
 * The order shown: the local order of the qids still on the form, with questions the server has
 * and the local order lacks (added meanwhile) at their server position. Deleted ones drop out.
 */
export function reconcileOrder(server: readonly Question[], local: readonly string[] | null): Question[] {
  if (!local) return [...server];
  const byQid = new Map(server.map((q) => [q.qid, q]));
  const shown = local.flatMap((qid) => {
    const question = byQid.get(qid);
    return question ? [question] : [];
  });
  const kept = new Set(shown.map((q) => q.qid));
  server.forEach((q, index) => {
    if (!kept.has(q.qid)) shown.splice(Math.min(index, shown.length), 0, q);
  });
  return shown;
}

/** True when the order shown differs from the server's: the Save order action applies. */
export function isReordered(server: readonly Question[], shown: readonly Question[]): boolean {
  return server.length === shown.length ? shown.some((q, i) => q.qid !== server[i]?.qid) : true;
}

/**
 * Spec §2: dragging reorders locally. ADR 004: the new order can then be saved or discarded; the
 * questions the server sends stay the reference for what "changed" means.
 */
export function useQuestionOrder(server: readonly Question[] | undefined) {
  const [local, setLocal] = useState<string[] | null>(null);
  // The questions the person dragged, marked in the list (not every row that shifted because of it).
  const [dragged, setDragged] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(() => reconcileOrder(server ?? [], local), [server, local]);
  const changed = !!server && local !== null && isReordered(server, items);

  function move(activeQid: string, overQid: string): void {
    const qids = items.map((q) => q.qid);
    const from = qids.indexOf(activeQid);
    const to = qids.indexOf(overQid);
    if (from < 0 || to < 0 || from === to) return;
    setLocal(arrayMove(qids, from, to));
    setDragged((previous) => new Set(previous).add(activeQid));
  }

  function reset(): void {
    setLocal(null);
    setDragged(new Set());
  }

  /** Marked only while the order differs: dragging a question back clears the marks. */
  const isMoved = (qid: string): boolean => changed && dragged.has(qid);

  return { items, changed, move, reset, isMoved };
}
