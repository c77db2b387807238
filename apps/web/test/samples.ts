import type { Customer, Device, Employee, MapConfig, MapPoint, Service } from '@serwis/domain';

/** The customer the sample machine and events belong to, as the API names it in them. */
export const sampleCustomer = {
  id: 11,
  shortName: 'ACME',
  fullName: 'ACME Sp. z o.o.',
  streetAddress: '',
  zipCode: '',
  city: '',
};

/** The same customer as `/api/customer/findAll` and `findById` answer it, every field. */
export function sampleCustomerRecord(overrides: Partial<Customer> = {}): Customer {
  return {
    ...sampleCustomer,
    province: 'świętokrzyskie',
    nip: '',
    regon: '',
    phoneNumber: '+48 41 300 20 10',
    email: 'biuro@acme.pl',
    inspectionNotices: true,
    ...overrides,
  };
}

/** A machine as the API answers it; tests override what they look at. */
export function sampleDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 7,
    name: 'Laser CO2 3000',
    category: { id: 3, name: 'Lasery' },
    customer: { ...sampleCustomer, nip: '' },
    serialNumber: 'SN-1',
    sourcePower: '3 kW',
    transferDate: '2024-03-05',
    warrantyLength: 24,
    warranty: 'pełna',
    streetAddress: 'Długa 1',
    zipCode: '00-001',
    city: 'Kraków',
    province: 'małopolskie',
    status: 'OK',
    statusWeight: 4,
    type: 'INTERNAL',
    gpsLatitude: null,
    gpsLongitude: null,
    isPeriodicInspectionEnabled: true,
    ...overrides,
  };
}

/** A service event as the API answers it; tests override what they look at. */
export function sampleService(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    date: '2026-03-04',
    number: 25,
    numberExtension: 'A',
    month: 3,
    year: 2026,
    fullNumber: '25A/03/2026',
    paymentType: 'GWARANCYJNA',
    type: ['NAPRAWA'],
    customer: sampleCustomer,
    isToSign: true,
    faultDescription: 'Nie działa chłodzenie.',
    period: -1,
    devices: [{ id: 7, name: 'Laser CO2 3000', type: 'INTERNAL', customer: { id: 11 } }],
    userCreated: { id: 2, fullName: 'Jan Kowalski' },
    user: 'Jan Kowalski',
    state: 'PODPISANY',
    files: [],
    todo: null,
    toDoStatus: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** A positioned machine as the map's list answers it (status "OK", green); tests override the rest. */
export function sampleMapPoint(overrides: Partial<MapPoint> = {}): MapPoint {
  return {
    id: 1,
    name: 'Laser',
    type: 'INTERNAL',
    status: 'OK',
    categoryId: 3,
    latitude: 52,
    longitude: 19,
    color1: '#2f9e44',
    color2: '#ffffff',
    ...overrides,
  };
}

/** `GET /api/map/config` as the test server gives it: tiles from a closed port, a geocoder. */
export function sampleMapConfig(overrides: Partial<MapConfig> = {}): MapConfig {
  return {
    tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    attribution: 'Kafelki testowe',
    hotelRadiusKm: 50,
    geocoding: true,
    publicMapPath: '/api/storage/download-public-file?fileName=machines-map.png',
    publicMapMade: true,
    ...overrides,
  };
}

/** An employee (an administrator) as the API answers one, with the version saved. */
export const sampleEmployee: Employee = {
  id: 5,
  userName: 'Serwisant',
  firstName: 'Ewa',
  lastName: 'Lis',
  email: 'ewa@firma.pl',
  country: 'Polska',
  active: true,
  vacationDays: 20,
  roles: [{ id: 1, role: 'ADMIN' }],
  updatedAt: '2026-12-06T10:00:00.000Z',
};
