// The pages of this feature; app/router.tsx lazy-loads them by name from this module.
export { TrendsPage } from './trends-page.tsx';
