// The pages of this feature; app/router.tsx lazy-loads them by name from this module.
export { AccountPage } from './account-page.tsx';
export { LoginPage } from './login-page.tsx';
export { EmailConfirmationPage, ResetPasswordPage } from './placeholder-pages.tsx';
