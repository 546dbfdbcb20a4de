import { groupHandler } from '../platform/chain';
import { getSettings } from './get-settings';
import { saveSettings } from './save-settings';

export const operations = {
  'settings.get': getSettings,
  'settings.save': saveSettings,
};

export const handler = groupHandler('settings', operations);
