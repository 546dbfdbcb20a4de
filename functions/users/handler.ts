import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { changeEmail } from './change-email';
import { createUser } from './create-user';
import { deleteUser } from './delete-user';
import { editUser } from './edit-user';
import { getUser } from './get-user';
import { listUsers } from './list-users';
import { resendEmail } from './resend-email';
import { resetTwoFactor } from './reset-two-factor';
import { restrictUser } from './restrict-user';
import { setUserPassword } from './set-user-password';
import { staffAllCounts, staffChart, staffCount, staffMemberChart, staffTable } from './staff-stats';

export const operations = {
  'users.list': listUsers,
  'users.get': getUser,
  'users.create': createUser,
  'users.edit': editUser,
  'users.restrict': restrictUser,
  'users.changeEmail': changeEmail,
  'users.setPassword': setUserPassword,
  'users.delete': deleteUser,
  'users.resendEmail': resendEmail,
  'users.resetTwoFactor': resetTwoFactor,
  'users.staffTable': staffTable,
  'users.staffChart': staffChart,
  'users.staffMemberChart': staffMemberChart,
  'users.staffAllCounts': staffAllCounts,
  'users.staffCount': staffCount,
};

export const handler = groupHandler('users', operations);
