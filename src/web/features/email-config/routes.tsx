// app/router.tsx lazy-loads this export by name.
export { EmailConfigPage } from './email-config-page.tsx';
