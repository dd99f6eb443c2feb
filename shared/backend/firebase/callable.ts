import { BackendError } from '../ports.ts';
import { FUNCTIONS_REGION } from './console-app-check-protocol.ts';

/** Where the project's callable functions answer: the emulator's `host:port`, or the region's. */
export interface CallableFunctions {
  projectId: string;
  emulator?: string | undefined;
}

/** A callable function's address, as the Functions SDK builds it. */
export function functionUrl(name: string, functions: CallableFunctions): string {
  return functions.emulator
    ? `http://${functions.emulator}/${functions.projectId}/${FUNCTIONS_REGION}/${name}`
    : `https://${FUNCTIONS_REGION}-${functions.projectId}.cloudfunctions.net/${name}`;
}

const ERROR_CODES: Record<string, BackendError['code']> = {
  NOT_FOUND: 'not-found',
  FAILED_PRECONDITION: 'refused',
  INVALID_ARGUMENT: 'invalid-input',
  UNAUTHENTICATED: 'unauthorized',
  PERMISSION_DENIED: 'unauthorized',
};

/**
 * Calls one of the project's callable functions (the callable protocol over fetch), as the
 * signed-in owner when `idToken` is given: its `result`, or the port's error with the
 * function's French sentence and, for a refused field, `details.fields`.
 */
export async function callFunction(
  target: { functions: CallableFunctions; fetch?: typeof fetch | undefined },
  name: string,
  data: unknown,
  idToken?: string,
): Promise<unknown> {
  const send = target.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await send(functionUrl(name, target.functions), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
      },
      body: JSON.stringify({ data }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (cause) {
    throw new BackendError('network', { cause });
  }
  const body = (await response.json().catch(() => null)) as {
    result?: unknown;
    error?: { status?: string; message?: string; details?: { fields?: Record<string, string> } };
  } | null;
  if (response.ok && body && 'result' in body) return body.result;
  const status = body?.error?.status ?? '';
  const code = ERROR_CODES[status] ?? (response.status >= 500 ? 'unavailable' : 'unknown');
  const fields = body?.error?.details?.fields;
  throw new BackendError(code, {
    ...(body?.error?.message && code !== 'unavailable' && code !== 'unauthorized'
      ? { message: body.error.message }
      : {}),
    ...(fields ? { fields } : {}),
  });
}
