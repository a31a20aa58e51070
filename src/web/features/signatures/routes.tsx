// The pages of this feature; app/router.tsx lazy-loads them by name from this module.
export { SsoSignPage } from './sso-sign-page.tsx';
