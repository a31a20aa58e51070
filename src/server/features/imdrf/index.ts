/** The IMDRF terminology the portal ships and the codes of complaints; other features reach it only here. */
export { terminology } from './terminology.ts';
export { createImdrfService } from './imdrf.service.ts';
export { imdrfRoutes } from './imdrf.routes.ts';
