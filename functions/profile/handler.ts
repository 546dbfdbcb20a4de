import { groupHandler } from '../platform/chain';
import { changeOwnPassword } from './change-own-password';
import { editTag } from './edit-tag';
import { getProfile } from './get-profile';
import { disableTwoFactor, getQrCode, renewRecoveryCodes, verifyQrCode } from './two-factor-setup';

export const operations = {
  'profile.get': getProfile,
  'profile.changePassword': changeOwnPassword,
  'profile.editTag': editTag,
  'profile.qrCode': getQrCode,
  'profile.verifyQrCode': verifyQrCode,
  'profile.disableTwoFactor': disableTwoFactor,
  'profile.recoveryCodes': renewRecoveryCodes,
};

export const handler = groupHandler('profile', operations);
