import { Conflict } from '../../lib/errors.ts';

/** A closed complaint is read-only until it is reopened (docs/features/signatures.md): every change to it is refused. */
export function refuseClosed(row: { closedAt: Date | null }): void {
  if (row.closedAt) throw new Conflict('This complaint is closed: reopen it to change it.');
}
