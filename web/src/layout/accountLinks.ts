import { IconBookmark, IconCar, IconCreditCard, IconUser, type Icon } from '@tabler/icons-react';

/** The signed-in user's pages, in menu order (an impersonator sees none of them). */
export const accountLinks: readonly { key: 'profile' | 'myAds' | 'bookmarks' | 'plans'; to: string; Icon: Icon }[] = [
  { key: 'profile', to: '/editprofile', Icon: IconUser },
  { key: 'myAds', to: '/myOpportunities', Icon: IconCar },
  { key: 'bookmarks', to: '/myWhishList', Icon: IconBookmark },
  { key: 'plans', to: '/buyPlan', Icon: IconCreditCard },
];
