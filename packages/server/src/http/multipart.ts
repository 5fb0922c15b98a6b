/**
 * Reads a multipart form (fields + at most one file) and authenticates it: the token comes
 * from the bearer header (checked before the upload is read) or, as the spec sends it, from
 * the form's `token` field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@app/shared';
import { AppError } from '../errors.js';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export async function readAuthenticatedForm(
  app: FastifyInstance,
  req: FastifyRequest,
  opts: { maxFileBytes: number; tooLargeMessage: string },
): Promise<MultipartForm> {
  const hasBearer = req.headers.authorization?.startsWith('Bearer ');
  if (hasBearer) await app.authenticate(req);
  if (!req.isMultipart()) {
    throw new AppError('validation', MSG.validation, { status: 415 });
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxFileBytes, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        file = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, buffer };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
      throw new AppError('too_large', opts.tooLargeMessage, { status: 413 });
    }
    throw err;
  }
  if (!hasBearer) {
    req.body = { token: fields.token };
    await app.authenticate(req);
  }
  return { fields, file };
}
