// The dashboard feature's public surface: its cache, which changes with every submission action.
export { dashboardKeys } from './api.ts';
