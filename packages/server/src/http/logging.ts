/**
 * What the request log may say. Fastify's own request serializer writes the full URL, and
 * query strings carry secrets here: the signature of a chat media link (`?exp=&sig=`), the
 * device hash of GET /api/auth/google, Google's code and state. The request is logged by its
 * method and path only; the request id comes from the child logger (`reqId`). Bodies and
 * headers are never serialized; the redact list is a second net for objects that code logs.
 */
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/** The path of a request URL, without its query string or fragment. */
const pathOf = (url: string) => url.replace(/[?#].*$/s, '');

const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: pathOf(req.url),
      host: req.host,
      remoteAddress: req.ip,
    };
  },
};

const SECRET_FIELDS = [
  'password',
  'new_password',
  'token',
  'otp_code',
  'device_hash',
  'authorization',
  'cookie',
];

const logRedact: NonNullable<LoggerOptions['redact']> = {
  paths: [
    ...SECRET_FIELDS,
    ...SECRET_FIELDS.map((f) => `*.${f}`),
    'req.headers.authorization',
    'req.headers.cookie',
    'req.body',
    'req.query',
  ],
  censor: '[masqué]',
};

export interface LogSetup {
  level: string;
  /** Where the lines go (tests read them); standard output otherwise. */
  stream?: DestinationStream;
}

export function loggerOptions({ level, stream }: LogSetup) {
  return {
    level,
    serializers: logSerializers,
    redact: logRedact,
    ...(stream ? { stream } : {}),
  };
}
