import { as, type TestContext, type TestUser } from '../../../test/test-app.js';
import { multipart } from '../files/files.fixtures.js';

/** The header line of the machine list's CSV export. */
export const MACHINE_EXPORT_HEADER =
  'Id;Status;Nazwa;Kontrahent;Kategoria;S/N;Moc;Data;Gwarancja;Ulica;Kod pocztowy;Miasto;Województwo';

/** A file (and the options part, when given) sent to an import call as the dialog sends them. */
export async function sendImport(
  ctx: TestContext,
  user: TestUser,
  url: string,
  content: Buffer | string,
  options?: Record<string, unknown>,
  filename = 'maszyny.csv',
) {
  const parts: Parameters<typeof multipart>[0] = [{ kind: 'file', name: 'file', filename, content }];
  if (options) parts.push({ kind: 'field', name: 'optionsJson', value: JSON.stringify(options) });
  const body = await multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...as(user), ...body.headers },
    payload: body.payload,
  });
}
