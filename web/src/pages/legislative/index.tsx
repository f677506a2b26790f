export { InitiativePage } from './InitiativePage';
export { LegislativePage } from './LegislativePage';
