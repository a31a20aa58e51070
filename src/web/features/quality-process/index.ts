// The quality-process feature's public surface: what the submission screens show of it.
export { CreateQualityProcessDialog } from './create-quality-process-dialog.tsx';
export { QualityProcessActions } from './quality-process-actions.tsx';
export { type QualityProcessDialog, type Retry, QualityProcessCell, useRetryQualityProcess } from './quality-process-cell.tsx';
export { StepsDialog } from './steps-dialog.tsx';
