import { ServicesList } from '../components/services-list';

export function ServicesListPage() {
  return <ServicesList family="INTERNAL" />;
}

export function ServicesExternalListPage() {
  return <ServicesList family="EXTERNAL" />;
}
