/*
 * The admin dashboard (spec 02 §3): `view.ts` answers the query from the incremental figures that
 * `model.ts` keeps (decision 0056), `contributions.ts` says what one fact adds to them,
 * `projections.ts` feeds the model from other services' events, `store.ts` holds the collections;
 * `rollup.ts` sums past days' activity, and `journal.ts` journals the model's and the roll-up's operations.
 */
export * from './view';
export { ALL, DashboardModel } from './model';
export { followDashboard, type DashboardProjectionDeps } from './projections';
export * from './store';
