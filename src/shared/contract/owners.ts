import { z } from 'zod';
import { Id } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Owner, SubmissionRow } from './submissions.ts';

export { Owner };

/** Assign (a user's id), take (your own id) or unassign (null); `expectedOwnerId` guards against a change made meanwhile. */
export const AssignOwnerBody = z.strictObject(
  {
    userId: Id.nullable(),
    /** The owner the caller saw; when given and the owner has changed since, the reply is 409. */
    expectedOwnerId: Id.nullable().optional(),
  },
  { message: 'unknown field' },
);
export type AssignOwnerBody = z.input<typeof AssignOwnerBody>;

export const ownersApi = defineApi('owners', {
  list: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/owners', tag: 'JotForms', summary: 'The people who can own a submission (every user who is not restricted), by name',
    access: { capability: 'submissions' }, status: 200, response: z.object({ results: z.array(Owner) }),
  }),
  assign: defineEndpoint({
    method: 'PUT', path: '/v1/jotforms/submission/:id/owner', tag: 'JotForms',
    summary: 'Assign, take or unassign the owner of a submission (409 when expectedOwnerId no longer holds)',
    access: { capability: 'submissions' }, params: z.object({ id: Id }), body: AssignOwnerBody, status: 200, response: z.object({ results: SubmissionRow }),
  }),
});
