/**
 * What the request log may say. Fastify's own request serializer writes the full URL, and
 * query strings carry secrets here: the signature of a chat media link (`?exp=&sig=`), the
 * device hash of GET /api/auth/google, Google's code and state. The request is logged by its
 * method and path only; the request id comes from the child logger (`reqId`). Bodies and
 * headers are never serialized; the redact list is a second net for objects that code logs.
 *
 * In production (REQUEST_LOG=errors) a request's two lines are written at info or above only
 * when its answer failed (5xx) or was slow: the light calls that make most of the traffic cost
 * no log write, and LOG_LEVEL=debug brings their lines back.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { Config } from '../config/index.js';

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

/**
 * REQUEST_LOG=errors: a request's opening line at debug, and its closing line at debug unless
 * it failed (5xx or an error: error) or took `slowMs` or more (warn). A level below the
 * logger's is pino's no-op, so a light call serialises and writes nothing.
 */
class ErrorsAndSlowRequests extends LogController {
  readonly #slowMs: number;

  constructor(slowMs: number) {
    super();
    this.#slowMs = slowMs;
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    res: FastifyReply,
  ) {
    const responseTime = res.elapsedTime;
    if (error) {
      res.log.error({ req, res, err: error, responseTime }, 'request errored');
      return;
    }
    const level = res.statusCode >= 500 ? 'error' : responseTime >= this.#slowMs ? 'warn' : 'debug';
    res.log[level]({ req, res, responseTime }, 'request completed');
  }
}

/** Fastify's own request lines (opening and closing, at info) unless REQUEST_LOG=errors. */
export function requestLogController({ requestLog }: Pick<Config, 'requestLog'>) {
  return requestLog.mode === 'errors' ? new ErrorsAndSlowRequests(requestLog.slowMs) : undefined;
}
