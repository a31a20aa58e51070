// The pages of this feature; app/router.tsx lazy-loads them by name from this module.
export { EmailConfigPage } from './email-config-page.tsx';
