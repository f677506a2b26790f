export { AuthCallbackPage } from './AuthCallbackPage';
export { LandingPage } from './LandingPage';
export { LoginPage } from './LoginPage';
export { NotFoundPage } from './NotFoundPage';
export { UnauthorizedPage } from './UnauthorizedPage';
export { ArtistApplicationPage, ContactPage, NewsDetailPage, NewsPage, PrivacyPolicyPage, ShopPage } from './titledPages';
