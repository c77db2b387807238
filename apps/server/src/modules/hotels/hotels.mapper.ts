import type { Hotel } from '@serwis/domain';
import type { HotelRow } from './hotels.repository.js';

export function toHotel(row: HotelRow): Hotel {
  return {
    id: row.id,
    name: row.name,
    streetAddress: row.streetAddress,
    zipCode: row.zipCode,
    city: row.city,
    province: row.province,
    phone: row.phone,
    email: row.email,
    www: row.www,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** Distances to the metre are noise for "how far is the hotel": two decimals of a km. */
export const roundKm = (km: number) => Math.round(km * 100) / 100;
