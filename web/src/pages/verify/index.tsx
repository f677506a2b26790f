export { VerifyPage } from './VerifyPage';
