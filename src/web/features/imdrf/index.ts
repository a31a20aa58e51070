// The IMDRF feature's public surface: the details page's codes section.
export { CodesSection } from './codes-section.tsx';
