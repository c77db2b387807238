import { MSG, type CompanyData, type DeviceFilter, type MachineType } from '@serwis/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { allDeviceIds, findDevicesByIds } from '../devices/devices.repository.js';
import { deviceOrder } from '../devices/devices.order.js';
import { deviceWhere } from '../devices/devices.where.js';
import { loadCompanyIdentity } from '../configuration/company-identity.js';
import type { LabelMachine } from './labels.pdf.js';

/** 100 sheets: more is a print job for a filter that was not meant. */
export const MAX_LABELS = 2400;

const cardPath = (family: MachineType) => (family === 'INTERNAL' ? '/machineEdit' : '/machineExternalEdit');

export interface LabelRequest {
  ids?: number[];
  filter?: DeviceFilter | null;
  q?: string;
  sort?: string;
}

/**
 * What the label sheet prints: the chosen machines (`ids`, in that order) or every machine the
 * list's filter, search and order select, and the company. Only machines of `family` are printed.
 */
export async function labelSheet(
  db: Db,
  config: Pick<Config, 'publicBaseUrl' | 'MAIL_FROM'>,
  family: MachineType,
  request: LabelRequest,
): Promise<{ machines: LabelMachine[]; company: CompanyData }> {
  let ids = request.ids;
  // No `ids` prints the filtered list; an empty choice is nothing to print (it printed the register).
  if (ids === undefined) {
    const where = deviceWhere({ family, filter: request.filter ?? undefined, q: request.q });
    ids = await allDeviceIds(db, where, deviceOrder(request.sort));
  }
  if (ids.length > MAX_LABELS) throw badRequest(MSG.labelsTooMany(MAX_LABELS), 'TOO_MANY_LABELS');
  const rows = (await findDevicesByIds(db, ids)).filter((row) => row.type === family);
  if (!rows.length) throw notFound(MSG.labelsNone);
  const machines: LabelMachine[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    url: `${config.publicBaseUrl}${cardPath(family)}?id=${row.id}`,
  }));
  return { machines, company: await loadCompanyIdentity(db, config) };
}
