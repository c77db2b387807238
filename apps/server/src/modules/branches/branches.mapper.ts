import type { Branch } from '@serwis/domain';
import type { BranchRow } from './branches.repository.js';

export function toBranch(row: BranchRow): Branch {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
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
