/**
 * `defineRoute`: one entry of the route table. It joins the call's address (endpoints.ts) with
 * its schemas: the request (JSON body, or query string for a GET), the path parameters, the
 * WHOLE answer envelope (envelopeOf / pagedEnvelopeOf) and the error codes it may answer.
 * Response schemas are zod objects, which drop unknown keys: a field the contract does not name
 * never leaves the server.
 */
import type { z } from 'zod';
import { ENDPOINTS, type EndpointName } from './endpoints.js';
import type { ApiErrorCode } from './errors.js';

/** A form field of a multipart upload (documented in OpenAPI; the handler reads the parts). */
export interface FormField {
  description: string;
  /** A file part rather than a text field. */
  file?: boolean;
  required?: boolean;
}

export interface RouteSpec {
  /** Body (or query for a GET). Absent: the call takes no input. */
  request?: z.ZodType;
  /** Path parameters (`:id`), coerced from the URL. */
  params?: z.ZodType;
  /** The whole success envelope. */
  response: z.ZodType;
  /** Success status (200 unless said). */
  status?: 200 | 201 | 303;
  /** A create that may find the thing already there answers it with this status instead. */
  existingStatus?: 200;
  /** The codes of the refusals this call may answer, besides those of every call. */
  errors: readonly ApiErrorCode[];
  /** An upload: multipart/form-data read by the handler itself, fields listed for the docs. */
  multipart?: Record<string, FormField>;
  /**
   * Left out of the API docs: not a JSON call of our web (a file served by a signed link, or a
   * call made by a payment provider or its return page).
   */
  hidden?: boolean;
  /** One line for the API docs. */
  summary?: string;
}

export function defineRoute<const N extends EndpointName, const S extends RouteSpec>(
  name: N,
  spec: S,
): S & (typeof ENDPOINTS)[N] & { name: N } {
  return { ...spec, ...ENDPOINTS[name], name };
}
