import { IconBell, IconBookmark, IconCar, IconCreditCard, IconUser, IconUsers, type Icon } from '@tabler/icons-react';

export interface AccountLink {
  key: 'profile' | 'myAds' | 'bookmarks' | 'alerts' | 'plans' | 'usersMaintenance';
  to: string;
  Icon: Icon;
}

/** The signed-in user's pages, in menu order. */
export const accountLinks: readonly AccountLink[] = [
  { key: 'profile', to: '/editprofile', Icon: IconUser },
  { key: 'myAds', to: '/myOpportunities', Icon: IconCar },
  { key: 'bookmarks', to: '/myWhishList', Icon: IconBookmark },
  { key: 'alerts', to: '/alerts', Icon: IconBell },
  { key: 'plans', to: '/buyPlan', Icon: IconCreditCard },
];

/** An impersonator maintains users and nothing else. */
export const impersonatorLinks: readonly AccountLink[] = [{ key: 'usersMaintenance', to: '/usersMaintenance', Icon: IconUsers }];
