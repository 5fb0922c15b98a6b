/**
 * Who may read GET /metrics: a caller on the loopback or a private network (where Prometheus
 * runs beside the app), or anyone holding METRICS_TOKEN as a bearer token. Everyone else gets
 * the app's plain 404, as for a path that does not exist.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const privateNetworks = new net.BlockList();
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');
privateNetworks.addAddress('::1', 'ipv6');

/** A server listening on `::` sees IPv4 callers as `::ffff:a.b.c.d`. */
const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = MAPPED_IPV4.exec(address)?.[1] ?? address;
  const family = net.isIP(plain);
  if (family === 0) return false;
  return privateNetworks.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Without a trusted proxy, X-Forwarded-For is the caller's own word: only the socket counts.
 * Behind one (TRUST_PROXY), the socket is the proxy, private whoever the caller is: then every
 * address of the chain must be private, so a public caller forwarded by the proxy is refused
 * even if it wrote a private address in the header itself.
 */
function fromPrivateNetwork(req: FastifyRequest, trustProxy: boolean): boolean {
  const socketAddress = req.socket.remoteAddress;
  if (!trustProxy) return isPrivateAddress(socketAddress);
  const chain = req.ips ?? [];
  return isPrivateAddress(socketAddress) && chain.every((a) => isPrivateAddress(a));
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

function holdsToken(req: FastifyRequest, token: string): boolean {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return false;
  return crypto.timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

export function canReadMetrics(
  req: FastifyRequest,
  opts: { trustProxy: boolean; token: string | null },
): boolean {
  if (opts.token && holdsToken(req, opts.token)) return true;
  return fromPrivateNetwork(req, opts.trustProxy);
}
