import { describe, expect, it } from 'vitest';
import type { Question } from '#shared/contract/questions';
import { insertionOrder, isReordered, needsRenumbering, reconcileOrder } from './question-order.ts';

const q = (qid: string, order: number): Question => ({ qid, order, text: `Q${qid}`, type: 'control_textbox' });
const server = [q('1', 1), q('2', 2), q('3', 3)];

describe('question order', () => {
  it('shows the server order until something is moved', () => {
    expect(reconcileOrder(server, null)).toEqual(server);
    expect(isReordered(server, reconcileOrder(server, null))).toBe(false);
    expect(isReordered(server, reconcileOrder(server, ['1', '2', '3']))).toBe(false);
    expect(isReordered(server, reconcileOrder(server, ['2', '1', '3']))).toBe(true);
  });

  it('keeps a local order across reloads: deleted questions drop out, added ones appear at their place', () => {
    const reloaded = [q('1', 1), q('3', 2), q('4', 3)];
    expect(reconcileOrder(reloaded, ['3', '2', '1']).map((x) => x.qid)).toEqual(['3', '1', '4']);
  });
});

describe('numbering (decision 032)', () => {
  it('puts a question added at a taken number before the one that had it, and asks for numbering afresh', () => {
    const added = [q('1', 1), q('3', 2), q('5', 2), q('4', 3)];
    expect(insertionOrder(added).map((x) => x.qid)).toEqual(['1', '5', '3', '4']);
    expect(needsRenumbering(insertionOrder(added))).toBe(true);
  });

  it('leaves gaps (after a delete) alone: the numbers are still distinct', () => {
    expect(needsRenumbering([q('1', 1), q('3', 4), q('4', 7)])).toBe(false);
  });
});
