/**
 * Dakiya's own list of Pakistani cities for an account's pickup city. Courier-specific city keys
 * (Leopards ids, TCS codes, names for PostEx and M&P) come from each courier's list at booking.
 */
export const PAKISTAN_CITIES = [
  'Abbottabad', 'Bahawalpur', 'Chakwal', 'Dera Ghazi Khan', 'Dera Ismail Khan', 'Faisalabad', 'Gujranwala', 'Gujrat',
  'Hyderabad', 'Islamabad', 'Jhelum', 'Karachi', 'Kasur', 'Lahore', 'Larkana', 'Mardan', 'Mirpur', 'Multan', 'Muzaffarabad',
  'Nawabshah', 'Okara', 'Peshawar', 'Quetta', 'Rahim Yar Khan', 'Rawalpindi', 'Sahiwal', 'Sargodha', 'Sheikhupura',
  'Sialkot', 'Sukkur', 'Swat', 'Wah Cantt',
] as const;

/** A destination city as bookings are found by it (the city index, its counters, the list's filter): trimmed, single spaces, lower-case. */
export const cityKey = (city: string) => city.trim().replace(/\s+/g, ' ').toLowerCase();
