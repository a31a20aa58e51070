// app/router.tsx lazy-loads this export by name.
export { EditFormPage } from './edit-form-page.tsx';
