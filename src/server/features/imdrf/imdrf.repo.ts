import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ImdrfAnnex } from '#shared/contract/imdrf';
import type { Queryable } from '../../db/client.ts';
import { submissionCodes, users } from '../../db/schema/index.ts';

export interface StoredCode {
  code: string;
  annex: ImdrfAnnex;
  release: string;
  codedById: string | null;
  codedByEmail: string | null;
  codedByName: string | null;
  codedAt: Date;
}

/** A complaint's codes as stored (submission_codes), in code order. */
export async function codesOf(q: Queryable, submissionId: string): Promise<StoredCode[]> {
  return q
    .select({
      code: submissionCodes.code,
      annex: submissionCodes.annex,
      release: submissionCodes.release,
      codedById: submissionCodes.codedById,
      codedByEmail: submissionCodes.codedByEmail,
      codedByName: users.name,
      codedAt: submissionCodes.codedAt,
    })
    .from(submissionCodes)
    .leftJoin(users, eq(users.id, submissionCodes.codedById))
    .where(eq(submissionCodes.submissionId, submissionId))
    .orderBy(asc(submissionCodes.code));
}

export async function addCodes(q: Queryable, rows: { submissionId: string; code: string; annex: ImdrfAnnex; release: string; codedById: string; codedByEmail: string; codedAt: Date }[]): Promise<void> {
  if (rows.length) await q.insert(submissionCodes).values(rows);
}

export async function removeCodes(q: Queryable, submissionId: string, codes: string[]): Promise<void> {
  if (codes.length) await q.delete(submissionCodes).where(and(eq(submissionCodes.submissionId, submissionId), inArray(submissionCodes.code, codes)));
}
