import {
  DEFAULT_MACHINE_STATUS,
  MACHINE_STATUSES,
  formatFullNumber,
  isCountedInspection,
  type InspectionDevice,
  type MachineStatus,
  type MachineType,
  type PeriodicInspectionEvent,
  type PeriodicInspectionRow,
} from '@serwis/domain';
import type { InspectionDeviceRow, InspectionEventRow, InspectionListRow } from './inspections.repository.js';

const statusName = (status: string): MachineStatus =>
  MACHINE_STATUSES.find((s) => s.name === status)?.name ?? DEFAULT_MACHINE_STATUS;

export function toInspectionDevice(row: InspectionDeviceRow): InspectionDevice {
  return {
    id: row.id,
    name: row.name,
    type: row.type as MachineType,
    status: statusName(row.status),
    statusWeight: row.statusWeight,
    transferDate: row.transferDate,
    warrantyLength: row.warrantyLength,
    warranty: row.warranty,
    streetAddress: row.streetAddress,
    zipCode: row.zipCode,
    city: row.city,
    isPeriodicInspectionEnabled: row.isPeriodicInspectionEnabled,
    category: { id: row.categoryId, name: row.categoryName },
    customer: { id: row.customerId, shortName: row.customerShortName },
  };
}

export function toInspectionEvent(row: InspectionEventRow): PeriodicInspectionEvent {
  return {
    id: row.id,
    date: row.date,
    number: row.number,
    numberExtension: row.numberExtension,
    month: row.month,
    year: row.year,
    fullNumber: formatFullNumber(row.number, row.numberExtension, row.month, row.year),
    period: row.period,
    state: row.state,
    paymentType: row.paymentType,
    type: row.types,
    faultDescription: row.faultDescription,
    customer: { id: row.customerId, shortName: row.customerShortName },
    userCreated: { id: row.userId, fullName: `${row.userFirstName} ${row.userLastName}`.trim() },
    counted: isCountedInspection({ type: row.types, state: row.state }),
  };
}

export function toInspectionRow(row: InspectionListRow): PeriodicInspectionRow {
  return {
    device: {
      id: row.id,
      name: row.name,
      type: row.type as MachineType,
      status: statusName(row.status),
      statusWeight: row.status_weight,
      transferDate: row.transfer_date,
      warrantyLength: row.warranty_length,
      warranty: row.warranty,
      streetAddress: row.street_address,
      zipCode: row.zip_code,
      city: row.city,
      isPeriodicInspectionEnabled: row.is_periodic_inspection_enabled,
      category: { id: row.category_id, name: row.category_name },
      customer: { id: row.customer_id, shortName: row.customer_short_name },
    },
    lastInspection: row.last_inspection,
    nextInspection: row.next_inspection,
    daysToNextInspection: row.days_to_next,
    daysToEndWarranty: row.days_to_end,
    warrantyEnd: row.warranty_end,
    lastPeriod: row.last_period,
    lastWarrantyInspectionDone: row.done,
  };
}
