// One chunk for the alert screens (one dynamic import for the router: a smaller first load).
export { default as AlertsPage } from './AlertsPage';
export { default as UnsubscribePage } from './UnsubscribePage';
