/**
 * `call(name, input)`: an API call typed from the shared route table. The input is the request
 * schema's input, the answer's `data` the response schema's; a wrong field does not compile.
 * Only types and the zod-free ENDPOINTS reach the bundle, so any screen (the first included)
 * may use it. Path parameters (`:id`) are taken out of the input; a GET sends the rest as a query.
 * The answer is the route's whole envelope as the contract types it (`data` and the spec's extra
 * top-level fields), or a refusal with its code and typed extra fields: branch on `success`.
 * `callData` is `call` for TanStack Query: the data, or an ApiError with the French message.
 * `upload(name, form)` sends the multipart form of a call the table marks as an upload.
 */
import {
  ENDPOINTS,
  type ApiTable,
  type DataOf,
  type ReceivedOf,
  type RequestOf,
  type RouteName,
} from '@app/shared';
import { MSG } from '@app/shared';
import { ApiError, firstError, type ApiResult, type CallResult } from './client';
import { api, startEarly } from './transport';

export interface CallOptions {
  signal?: AbortSignal;
  /** Public calls that must not carry the token. */
  anonymous?: boolean;
}

/** The path and options of a call: path parameters filled in, the rest as query or body. */
function requestOf<N extends RouteName>(name: N, input: RequestOf<N>, opts: CallOptions) {
  const { method, path } = ENDPOINTS[name];
  const rest = new Map<string, unknown>(Object.entries(input ?? {}));
  const url = path.replace(/:(\w+)/g, (_, key: string) => {
    const value = rest.get(key);
    rest.delete(key);
    return encodeURIComponent(String(value));
  });
  if (method === 'GET') {
    const query = new URLSearchParams();
    for (const [k, v] of rest) if (v !== undefined && v !== null) query.set(k, String(v));
    const search = query.toString();
    return { path: search ? `${url}?${search}` : url, opts: { method, ...opts } };
  }
  return { path: url, opts: { method, body: Object.fromEntries(rest), ...opts } };
}

export type { CallResult };

export function call<N extends RouteName>(
  name: N,
  input: RequestOf<N>,
  opts: CallOptions = {},
): Promise<CallResult<N>> {
  const req = requestOf(name, input, opts);
  return api<ReceivedOf<N>>(req.path, req.opts);
}

/** Sends the call now, before the screen that makes it has loaded; that call then takes it. */
export function startEarlyCall<N extends RouteName>(name: N, input: RequestOf<N>) {
  const req = requestOf(name, input, {});
  startEarly(req.path, req.opts);
}

/** The calls the route table marks as uploads (multipart forms read by the server itself). */
export type UploadName = {
  [N in RouteName]: ApiTable[N] extends { multipart: object } ? N : never;
}[RouteName];

export function upload<N extends UploadName>(
  name: N,
  form: FormData,
  opts: CallOptions = {},
  params: Record<string, number> = {},
): Promise<CallResult<N>> {
  const { method, path } = ENDPOINTS[name];
  // Path parameters (`:id`) of an upload, such as the photo it replaces.
  const url = path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
  return api<ReceivedOf<N>>(url, { method, body: form, ...opts });
}

export async function callData<N extends RouteName>(
  name: N,
  input: RequestOf<N>,
  opts: CallOptions = {},
): Promise<DataOf<N>> {
  // Generic over N, the answer is read through its `data` alone.
  const res = (await call(name, input, opts)) as ApiResult<DataOf<N>>;
  if (!res.success || res.data === undefined) {
    throw new ApiError(firstError(res) || MSG.requestError, res);
  }
  return res.data;
}
