/** The matcher lives in shared so the booking form suggests what the server will accept. */
export { editDistance, matchCity, normaliseCityName, type CityEntry, type CityMatch } from '@dakiya/shared/city-match';
