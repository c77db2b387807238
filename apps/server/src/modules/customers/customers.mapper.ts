import type { Customer } from '@serwis/domain';
import type { CustomerRow } from './customers.repository.js';

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    shortName: row.shortName,
    fullName: row.fullName,
    streetAddress: row.streetAddress,
    zipCode: row.zipCode,
    city: row.city,
    province: row.province,
    nip: row.nip,
    regon: row.regon,
    phoneNumber: row.phoneNumber,
    email: row.email,
    inspectionNotices: row.inspectionNotices,
  };
}
