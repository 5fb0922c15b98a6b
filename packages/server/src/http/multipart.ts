/**
 * Reads a multipart form (fields + one file, or up to `maxFiles`) and authenticates it: the token comes
 * from the bearer header (checked before the upload is read) or, as the spec sends it, from
 * the form's `token` field, which must then come before the file. A form that is too large by
 * its declared size, or whose file arrives without a session, is refused without reading the
 * rest of it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@app/shared';
import { AppError } from '../errors.js';
import { refuseHostileText } from './hostile-text.js';

interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The first file (most forms carry one). */
  file: UploadedFile | null;
  /** Every file, in the order sent. */
  files: UploadedFile[];
}

export interface FormLimits {
  /** Per file. */
  maxFileBytes: number;
  tooLargeMessage: string;
  /** Files the form may carry (1 unless said). */
  maxFiles?: number;
}

/** Room for the text fields and part headers around the file in a form's declared size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Without a bearer header, how much field text may come before the `token` field. */
const FIELD_BYTES_BEFORE_TOKEN = 16 * 1024;

const noSession = () =>
  new AppError('unauthenticated', MSG.tokenMissing, {
    status: 401,
    extra: { action: 'redirect_login' },
  });

export async function readAuthenticatedForm(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: FormLimits,
): Promise<MultipartForm> {
  try {
    return await readForm(app, req, opts);
  } catch (err) {
    // Refused before the whole body came in: close the connection after the answer instead
    // of reading (or letting Node drain) the rest of an upload nobody will use.
    if (!req.raw.complete) {
      req.raw.unpipe();
      reply.header('Connection', 'close');
    }
    throw err;
  }
}

async function readForm(
  app: FastifyInstance,
  req: FastifyRequest,
  opts: FormLimits,
): Promise<MultipartForm> {
  const maxFiles = opts.maxFiles ?? 1;
  const declared = Number(req.headers['content-length']);
  if (declared > opts.maxFileBytes * maxFiles + FORM_OVERHEAD_BYTES) {
    throw new AppError('too_large', opts.tooLargeMessage, { status: 413 });
  }
  const hasBearer = req.headers.authorization?.startsWith('Bearer ');
  if (hasBearer) await app.authenticate(req);
  if (!req.isMultipart()) {
    throw new AppError('validation', MSG.validation, { status: 415 });
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let fieldBytes = 0;
  try {
    const limits = { fileSize: opts.maxFileBytes, files: maxFiles };
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        if (!req.user) throw noSession();
        const buffer = await part.toBuffer();
        files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          buffer,
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
        if (req.user) continue;
        if (part.fieldname === 'token') {
          req.body = { token: part.value };
          await app.authenticate(req);
          continue;
        }
        fieldBytes += part.value.length;
        if (fieldBytes > FIELD_BYTES_BEFORE_TOKEN) throw noSession();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
      throw new AppError('too_large', opts.tooLargeMessage, { status: 413 });
    }
    throw err;
  }
  refuseHostileText({ fields });
  if (!req.user) {
    req.body = { token: fields.token };
    await app.authenticate(req);
  }
  return { fields, file: files[0] ?? null, files };
}
