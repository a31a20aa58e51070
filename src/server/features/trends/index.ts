/** Trends, signal rules and similar complaints (docs/features/trends.md); other features reach them only here. */
export { createTrendsService } from './trends.service.ts';
export { createTrendsRepo } from './trends.repo.ts';
export { createSimilarService } from './similar.ts';
export { trendsRoutes } from './trends.routes.ts';
