import type { FastifyInstance } from 'fastify';
import { fail } from './failures.ts';
import { INTEGRATION_USER } from './fixtures.ts';
import { zulu } from './pacific-time.ts';
import { type EmulatorContext, findProcess, findStep, guidRef, objectBody } from './request.ts';
import type { EmulatedProcess, EmulatedStep } from './state.ts';
import { processView } from './views.ts';

function changeProcess(process: EmulatedProcess, complete: boolean, now: string): void {
  if (complete) {
    if (process.status === 'COMPLETED') throw fail(400, 3290, 'The quality process is already complete.');
    process.status = 'COMPLETED';
    process.completedDateTime = now;
  } else {
    if (process.status !== 'COMPLETED') throw fail(400, 3291, 'The quality process is already open.');
    process.status = 'OPEN';
    process.completedDateTime = null;
  }
}

function changeStep(process: EmulatedProcess, step: EmulatedStep, complete: boolean, now: string): void {
  if (complete) {
    if (process.status === 'COMPLETED') throw fail(400, 3165, 'The quality process step cannot be completed because the quality process is already completed.');
    if (step.type === 'SIGNOFF') throw fail(400, 3167, 'Sign-off steps can only be completed through approval.');
    if (step.status === 'COMPLETE') throw fail(400, 3166, 'The quality process step is already completed.');
    step.status = 'COMPLETE';
    step.completeDateTime = now;
    step.completeUser = { guid: INTEGRATION_USER.guid, fullName: INTEGRATION_USER.fullName };
    // statusMode AUTOMATIC: completing the last open step completes the process.
    if (process.steps.every((s) => s.status === 'COMPLETE')) {
      process.status = 'COMPLETED';
      process.completedDateTime = now;
    }
  } else {
    if (process.status === 'COMPLETED') throw fail(400, 3168, 'The quality process step cannot be reopened because the quality process is completed.');
    if (step.type === 'SIGNOFF') throw fail(400, 3170, 'Sign-off steps cannot be reopened.');
    if (step.status !== 'COMPLETE') throw fail(400, 3169, 'The quality process step is already open.');
    step.status = 'OPEN';
    step.completeDateTime = null;
    step.completeUser = null;
  }
}

/** POST /qualityprocesses/statuschanges: complete or reopen a process or one of its steps. */
export function statusRoutes(app: FastifyInstance, { state, clock }: EmulatorContext): void {
  app.post('/qualityprocesses/statuschanges', async (req, reply) => {
    const body = objectBody(req.body);
    const target = objectBody(body.qualityProcess) as { guid?: unknown; step?: unknown };
    const process = findProcess(state, target.guid);
    if (typeof body.complete !== 'boolean') throw fail(400, 3001, 'The attribute "complete" is required.');
    const comment = typeof body.comment === 'string' ? body.comment : null;
    const now = zulu(clock.now());
    if (target.step === undefined || target.step === null) {
      changeProcess(process, body.complete, now);
      return reply.code(201).send(processView(process));
    }
    changeStep(process, findStep(process, guidRef(target.step)), body.complete, now);
    return reply.code(201).send({ qualityProcess: processView(process), complete: body.complete, comment });
  });
}
