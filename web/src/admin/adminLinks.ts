import {
  IconAdjustments,
  IconCashBanknote,
  IconCarGarage,
  IconChartBar,
  IconFlag,
  IconHistory,
  IconReceipt2,
  IconShieldCheck,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface AdminLink {
  key:
    | 'reportedOpportunities'
    | 'opportunityAdministration'
    | 'globalParameters'
    | 'userPurchases'
    | 'dashboard'
    | 'usersMaintenance'
    | 'impersonalRegister'
    | 'auditTrail'
    | 'reviewQueue'
    | 'refunds';
  to: string;
  Icon: Icon;
}

/**
 * The header's admin dropdown (spec 02 §2): the admin routes in the order the spec's route table
 * lists them (the routes that need a user or an ad, such as /userInvoices, are reached from the
 * screens, not from here). Add an entry here when its screen exists.
 */
export const adminLinks: readonly AdminLink[] = [
  { key: 'usersMaintenance', to: '/usersMaintenance', Icon: IconUsers },
  { key: 'impersonalRegister', to: '/impersonalRegister', Icon: IconUserPlus },
  { key: 'globalParameters', to: '/globalParameters', Icon: IconAdjustments },
  { key: 'reportedOpportunities', to: '/reportedOpportunities', Icon: IconFlag },
  // /userPurchases opens this month's report (the route's dates are filled in there).
  { key: 'userPurchases', to: '/userPurchases', Icon: IconReceipt2 },
  { key: 'opportunityAdministration', to: '/opportunityAdministration', Icon: IconCarGarage },
  { key: 'dashboard', to: '/dashboard', Icon: IconChartBar },
  // Not in the spec's table (issue 14): the audit trail of staff actions.
  { key: 'auditTrail', to: '/auditTrail', Icon: IconHistory },
  // Not in the spec's table (issue 20): the review queue with risk scores and reasons.
  { key: 'reviewQueue', to: '/reviewQueue', Icon: IconShieldCheck },
  // Not in the spec's table (issue 31): refunds of cancelled payments to carry out.
  { key: 'refunds', to: '/refunds', Icon: IconCashBanknote },
];

/** An impersonator's dropdown (spec 02 §6): Users maintenance and registering people on their behalf. */
export const impersonatorAdminLinks: readonly AdminLink[] = [
  { key: 'usersMaintenance', to: '/usersMaintenance', Icon: IconUsers },
  { key: 'impersonalRegister', to: '/impersonalRegister', Icon: IconUserPlus },
];
