export { AdminMenu, AdminNav } from './AdminMenu';
export { RequireAdmin } from './RequireAdmin';
