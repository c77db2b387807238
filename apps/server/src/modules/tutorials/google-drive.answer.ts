import { shortenText } from '@serwis/domain';

/** Google's reason in a log line is cut to this: enough for "accessNotConfigured: Drive API has not…". */
const REASON_MAX = 200;
/** An error answer is read up to this much; Google's JSON errors are far smaller, a proxy's page may not be. */
const ERROR_BODY_MAX = 16 * 1024;

/**
 * What may stand for a credential in text Google sends back: an OAuth access token, a JWT (our
 * signed assertion), a PEM key, a bearer header. Google's errors do not echo them; should one
 * ever do, the log gets a placeholder instead.
 */
const SECRETS = [
  /ya29\.[\w.-]+/g,
  /eyJ[\w-]*\.[\w-]*(?:\.[\w-]*)?/g,
  /-----BEGIN[\s\S]*?(?:-----END[^-]*-----|$)/g,
  /Bearer\s+\S+/gi,
];

/** The first `max` bytes of a body as text; the rest is not read. */
async function readSome(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

/**
 * Google's reason for a refusal, from the small JSON body of a non-OK answer, as ": reason:
 * message" to put after the status; "" when the body is not such JSON (a proxy's page) or says
 * nothing. Drive sends `{error: {code, message, errors: [{reason}]}}`, the token endpoint
 * `{error, error_description}`. `secrets` (the token or assertion just sent) and anything shaped
 * like a credential are taken out, and the text is cut to ~200 characters: it goes to the log.
 */
export async function answerReason(response: Response, secrets: string[] = []): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(await readSome(response, ERROR_BODY_MAX));
  } catch {
    return '';
  }
  const error = (body as { error?: unknown; error_description?: unknown } | null)?.error;
  const parts: unknown[] =
    error && typeof error === 'object'
      ? [
          (error as { errors?: { reason?: unknown }[] }).errors?.[0]?.reason ??
            (error as { status?: unknown }).status,
          (error as { message?: unknown }).message,
        ]
      : [error, (body as { error_description?: unknown }).error_description];
  let reason = parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(': ');
  for (const secret of secrets) if (secret) reason = reason.split(secret).join('…');
  for (const pattern of SECRETS) reason = reason.replace(pattern, '…');
  // One log line: no line breaks or other control characters from the far side.
  reason = reason.replace(/\p{Cc}+/gu, ' ').trim();
  return reason ? `: ${shortenText(reason, REASON_MAX)}` : '';
}

/**
 * The wait a 429 or 503 asks for (Retry-After: seconds or an HTTP date), in ms; undefined when
 * the answer does not say.
 */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined;
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
