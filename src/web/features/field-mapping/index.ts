// The field-mapping feature's public surface: the preview of what a submission sends to Arena.
export { ValuePreviewList } from './value-preview.tsx';
