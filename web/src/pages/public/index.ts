export { AuthCallbackPage } from './AuthCallbackPage';
export { ArtistApplicationPage, ContactPage } from './FormPages';
export { LandingPage } from './LandingPage';
export { LoginPage } from './LoginPage';
export { NewsDetailPage, NewsPage } from './NewsPages';
export { NotFoundPage } from './NotFoundPage';
export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { ShopPage } from './ShopPage';
export { UnauthorizedPage } from './UnauthorizedPage';
