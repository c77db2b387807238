import type { Device, MachineStatus, MachineType } from '@serwis/domain';
import type { DeviceRow } from './devices.repository.js';

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    name: row.name,
    category: { id: row.categoryId, name: row.categoryName },
    customer: {
      id: row.customerId,
      shortName: row.customerShortName,
      fullName: row.customerFullName,
      streetAddress: row.customerStreetAddress,
      zipCode: row.customerZipCode,
      city: row.customerCity,
      nip: row.customerNip,
    },
    serialNumber: row.serialNumber,
    sourcePower: row.sourcePower,
    transferDate: row.transferDate,
    warrantyLength: row.warrantyLength,
    warranty: row.warranty,
    streetAddress: row.streetAddress,
    zipCode: row.zipCode,
    city: row.city,
    province: row.province,
    status: row.status as MachineStatus,
    statusWeight: row.statusWeight,
    type: row.type as MachineType,
    gpsLatitude: row.gpsLatitude,
    gpsLongitude: row.gpsLongitude,
    isPeriodicInspectionEnabled: row.isPeriodicInspectionEnabled,
  };
}
