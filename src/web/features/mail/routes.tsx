// app/router.tsx lazy-loads this export by name.
export { MailPage } from './mail-page.tsx';
