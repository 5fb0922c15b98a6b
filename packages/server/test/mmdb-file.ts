/**
 * Small MaxMind DB (.mmdb) files for tests, written byte by byte after the MaxMind DB format 2.0
 * (https://maxmind.github.io/MaxMind-DB/): an IPv6 search tree of 24-bit records (IPv4 addresses
 * under ::/96), a data section of maps, strings and numbers, and the metadata. Enough to give the
 * geolocation adapter a city database whose answers a test chooses.
 */
import net from 'node:net';

type Value = string | number | { [key: string]: Value };

/** The field's control byte(s): type (extended types past 7) and size (at most 28 here). */
function control(type: number, size: number): Buffer {
  if (size > 28) throw new Error('mmdb-file: field too long for this writer');
  if (type <= 7) return Buffer.from([(type << 5) | size]);
  return Buffer.from([size, type - 7]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    // uint32, big-endian, shortest form.
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    let start = 0;
    while (start < 4 && bytes[start] === 0) start += 1;
    const trimmed = bytes.subarray(start);
    return Buffer.concat([control(6, trimmed.length), trimmed]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v)]),
  ]);
}

/** The 128 bits of an address (IPv4 as ::a.b.c.d), most significant first. */
function bitsOf(ip: string): number[] {
  const bytes = Buffer.alloc(16);
  if (net.isIPv4(ip)) {
    Buffer.from(ip.split('.').map(Number)).copy(bytes, 12);
  } else {
    const [head = '', tail = ''] = ip.split('::');
    const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
    const [h, t] = [groups(head), groups(tail)];
    const words = [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
    words.forEach((w, i) => bytes.writeUInt16BE(w, i * 2));
  }
  return [...bytes].flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
}

/** An .mmdb holding `networks` ('196.28.245.0/24', '2c0f:f0f8::/32' → record). */
export function mmdbFile(networks: Record<string, Value>, databaseType = 'Test-City'): Buffer {
  // Tree nodes as pairs of children: a node index, or a data offset tagged 'data'.
  type Child = number | { data: number } | null;
  const nodes: [Child, Child][] = [[null, null]];
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const [cidr, record] of Object.entries(networks)) {
    const [ip = '', prefix = ''] = cidr.split('/');
    const bits = bitsOf(ip);
    const length = Number(prefix) + (net.isIPv4(ip) ? 96 : 0);
    const encoded = encode(record);
    const leaf = { data: dataLength };
    data.push(encoded);
    dataLength += encoded.length;
    let node = 0;
    for (let depth = 0; depth < length - 1; depth += 1) {
      const bit = bits[depth] ?? 0;
      const next = nodes[node]?.[bit];
      if (typeof next === 'number') {
        node = next;
        continue;
      }
      nodes.push([null, null]);
      const pair = nodes[node];
      if (pair) pair[bit] = nodes.length - 1;
      node = nodes.length - 1;
    }
    const pair = nodes[node];
    if (pair) pair[bits[length - 1] ?? 0] = leaf;
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach((pair, i) => {
    pair.forEach((child, side) => {
      const value =
        child === null ? count : typeof child === 'number' ? child : count + 16 + child.data;
      tree.writeUIntBE(value, i * 6 + side * 3, 3);
    });
  });
  const metadata = encode({
    node_count: count,
    record_size: 24,
    ip_version: 6,
    database_type: databaseType,
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ]);
}

/** The addresses of the test city database, in the ranges the real ones hold them. */
export const TEST_IPS = {
  /** Ouagadougou, Burkina Faso. */
  ouagadougou: '196.28.245.1',
  /** Burkina Faso, no town. */
  burkinaNoCity: '197.239.64.1',
  /** Togo, over IPv6. */
  togo: '2c0f:f0f8::1',
} as const;

/** A city database (ip-location-db's layout) for the addresses of TEST_IPS. */
export function testCityDatabase(): Buffer {
  return mmdbFile({
    '196.28.245.0/24': { country_code: 'BF', city: 'Ouagadougou' },
    '197.239.64.0/20': { country_code: 'BF' },
    '2c0f:f0f8::/32': { country_code: 'TG' },
  });
}
