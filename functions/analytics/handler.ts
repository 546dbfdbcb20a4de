import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { getDashboard } from './get-dashboard';
import { getCitiesAverage } from './get-cities-average';
import { getCityScorecard, getScorecard } from './get-scorecard';

export const operations = {
  'analytics.dashboard': getDashboard,
  'analytics.citiesAverage': getCitiesAverage,
  'analytics.scorecard': getScorecard,
  'analytics.cityScorecard': getCityScorecard,
};

export const handler = groupHandler('analytics', operations);
