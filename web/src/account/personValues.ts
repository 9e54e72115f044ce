import type { AdminUserEdit } from '@ruedas/domain';
import { newPhoneRow } from './PhonesEditor';

/** The person and contact fields every account form holds: the domain's shared user shape, e-mail, language and identity aside. */
export type PersonContact = Pick<
  AdminUserEdit,
  'userType' | 'merchantName' | 'name' | 'lastName' | 'lastName2' | 'phoneList' | 'province' | 'canton' | 'district'
>;

/** A blank person for a registration form: a private seller with one empty phone row. */
export const blankPerson = (): PersonContact => ({
  userType: 'PERSON',
  merchantName: '',
  name: '',
  lastName: '',
  lastName2: '',
  phoneList: [newPhoneRow()],
  province: '',
  canton: '',
  district: '',
});

/** A loaded user's person and contact fields as a form holds them (the phones without their GraphQL extras). */
export function personOf(user: PersonContact): PersonContact {
  return {
    userType: user.userType,
    merchantName: user.merchantName,
    name: user.name,
    lastName: user.lastName,
    lastName2: user.lastName2,
    phoneList: user.phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })),
    province: user.province,
    canton: user.canton,
    district: user.district,
  };
}
