/** Who owns each submission: the owners list and the assign, take and unassign change. */
export { createOwnersRepo } from './owners.repo.ts';
export { createOwnersService } from './owners.service.ts';
export { ownersRoutes } from './owners.routes.ts';
