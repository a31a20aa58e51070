/** The investigation, the reply and the closing of a complaint; other features reach it only here. */
export { createClosureRepo } from './closure.repo.ts';
export { createClosureService } from './closure.service.ts';
export { closureRoutes } from './closure.routes.ts';
export { closureSnapshot, investigationSnapshot } from './signed-content.ts';
