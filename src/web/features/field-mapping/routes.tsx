// app/router.tsx lazy-loads this export by name.
export { FieldMappingPage } from './field-mapping-page.tsx';
