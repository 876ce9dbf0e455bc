/**
 * The deployment files (docker-compose.yml and the nginx configuration) checked against what the API expects:
 * `docker compose config` cannot run on every machine, so their structure is checked here.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { parse } from 'yaml';
import { cspDirectives, cspHeaderValue, REFERRER_POLICY } from '../src/http/security-headers';
import { REPO_ROOT } from '../src/config/app-config';
import { createTestApp, TestApp } from './harness';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** A port nothing listens on now, chosen by the system (a random one may be taken by another test). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const nginxHeaders = read('deploy/nginx/templates/security-headers.conf.template');
const proxyConf = read('deploy/nginx/proxy-api.conf');
const hostConf = read('deploy/nginx/host-shell.conf');

/** `add_header Name "value" always;` lines of an nginx file. */
function headersOf(conf: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of conf.matchAll(/^\s*add_header\s+([\w-]+)\s+"?([^"\n]*?)"?\s+always;/gm)) out[m[1]] = m[2];
  return out;
}

const directives = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

describe('docker-compose.yml', () => {
  const apis = Object.entries(compose.services).filter(([name]) => /^api-\d+$/.test(name));
  const lb = compose.services.host;
  const lbAddress = (lb.networks as Record<string, { ipv4_address?: string }>).backend.ipv4_address;

  it('runs at least two API replicas in production mode, sharing Redis, behind nginx only', () => {
    expect(apis.length).toBeGreaterThanOrEqual(2);
    for (const [, api] of apis) {
      expect(api.ports).toBeUndefined();
      expect(api.environment).toMatchObject({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        REDIS_URL: 'redis://redis:6379',
        // The API trusts exactly the load balancer's fixed address.
        TRUST_PROXY: lbAddress,
      });
      expect(api.environment!.PUBLIC_URL).toBeTruthy();
      expect(api.healthcheck!.test.join(' ')).toContain('/api/health');
    }
    expect(lbAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(lb.ports).toEqual(['8080:80']);
    for (const [name] of apis) expect(lb.depends_on![name]).toEqual({ condition: 'service_healthy' });
  });

  it("serves every replica's metrics inside the network, and Prometheus scrapes each one", () => {
    const scrape = read('deploy/prometheus/prometheus.yml');
    for (const [name, api] of apis) {
      const port = api.environment!.METRICS_PORT;
      expect(port).toMatch(/^\d+$/);
      // Metrics listen on loopback unless told: the scraper on the backend network needs them on every address.
      expect(api.environment!.METRICS_HOST).toBe('0.0.0.0');
      expect(api.expose).toEqual([port]);
      expect(scrape).toContain(`'${name}:${port}'`);
    }
    expect(compose.services.prometheus).toMatchObject({ networks: ['backend'] });
  });

  it("balances over every replica in nginx's upstream, with passive health checks", () => {
    for (const [name] of apis) {
      expect(hostConf).toMatch(new RegExp(`server ${name}:3000 max_fails=\\d+ fail_timeout=\\d+s;`));
    }
    expect(hostConf).toMatch(
      /location \/api\/ \{ include \/etc\/nginx\/larder\/proxy-api\.conf; proxy_pass http:\/\/larder_api; \}/,
    );
  });
});

describe('the API process', () => {
  it('runs in the container with the same V8 flags as every other start (scripts/api-process.mjs)', () => {
    const flags = /API_NODE_FLAGS = (\[[^\]]*\])/.exec(read('scripts/api-process.mjs'))?.[1];
    expect(flags).toBeDefined();
    const expected = JSON.parse((flags ?? '').replace(/'/g, '"')) as string[];
    expect(expected.length).toBeGreaterThan(0);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...expected, 'backend/dist/app/main.js']);
  });
});

describe('nginx in front of the API', () => {
  it("sets the client's address from the connection, never passing the client's own headers through", () => {
    expect(proxyConf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(proxyConf).toMatch(/proxy_set_header X-Real-IP \$remote_addr;/);
    expect(proxyConf).not.toContain('proxy_add_x_forwarded_for');
    expect(proxyConf).not.toMatch(/\$http_x_/);
  });

  it('passes the order event stream on unbuffered, kept open, with the same headers as every API call', () => {
    const eventsConf = read('deploy/nginx/proxy-events.conf');
    expect(hostConf).toMatch(
      /location = \/api\/order\/events \{ include \/etc\/nginx\/larder\/proxy-events\.conf; proxy_pass http:\/\/larder_api; \}/,
    );
    const headerLines = (conf: string) =>
      conf.split('\n').filter((line) => line.startsWith('proxy_set_header'));
    expect(headerLines(eventsConf)).toEqual(headerLines(proxyConf));
    expect(eventsConf).toMatch(/^proxy_http_version 1\.1;$/m);
    expect(eventsConf).toMatch(/^proxy_set_header Connection "";$/m);
    expect(eventsConf).toMatch(/^proxy_buffering off;$/m);
    // One client cannot hold every connection open.
    expect(hostConf).toMatch(/^limit_conn_zone \$binary_remote_addr zone=larder_events:\d+m;$/m);
    expect(eventsConf).toMatch(/^limit_conn larder_events \d+;$/m);
    expect(eventsConf).toMatch(/^limit_conn_status 429;$/m);
    const readTimeout = /^proxy_read_timeout (\d+)h;$/m.exec(eventsConf);
    expect(Number(readTimeout?.[1])).toBeGreaterThanOrEqual(1);
    expect(read('Dockerfile')).toMatch(
      /COPY [^\n]*deploy\/nginx\/proxy-events\.conf[^\n]* \/etc\/nginx\/larder\//,
    );
  });

  it('passes a request on to another replica only where that cannot repeat a non-idempotent one', () => {
    expect(proxyConf).toMatch(/^proxy_next_upstream error timeout http_502 http_503 http_504;$/m);
    expect(proxyConf).not.toContain('non_idempotent');
  });
});

describe('security headers of the pages nginx serves and of the API', () => {
  let t: TestApp;
  const remotes = { storefront: 'http://localhost:8081', sellerPortal: 'http://localhost:8082' };
  beforeAll(async () => {
    t = await createTestApp({
      remoteStorefrontUrl: `${remotes.storefront}/remoteEntry.js`,
      remoteSellerPortalUrl: `${remotes.sellerPortal}/remoteEntry.js`,
    });
  });
  afterAll(() => t.close());

  it('has the same content security policy, with frame-ancestors', async () => {
    const template = headersOf(nginxHeaders)['Content-Security-Policy'];
    const origins = `${remotes.storefront} ${remotes.sellerPortal}`;
    const fromNginx = template.replaceAll('${LARDER_REMOTE_ORIGINS}', origins).replace('$larder_csp_tls', '');
    const expected = cspHeaderValue(cspDirectives(t.config));
    expect(directives(fromNginx)).toEqual(directives(expected));
    expect(directives(fromNginx)).toContain("frame-ancestors 'self'");

    const res = await request(t.server).get('/api/health');
    expect(directives(res.headers['content-security-policy'])).toEqual(directives(expected));
  });

  it('has the same nosniff, Referrer-Policy and framing headers', async () => {
    const res = await request(t.server).get('/api/health');
    const fromNginx = headersOf(nginxHeaders);
    expect(fromNginx['X-Content-Type-Options']).toBe('nosniff');
    expect(fromNginx['Referrer-Policy']).toBe(REFERRER_POLICY);
    for (const name of [
      'X-Content-Type-Options',
      'Referrer-Policy',
      'X-Frame-Options',
      'Cross-Origin-Opener-Policy',
    ]) {
      expect(`${name}: ${res.headers[name.toLowerCase()]}`).toBe(`${name}: ${fromNginx[name]}`);
    }
    // HSTS only behind TLS: nginx sends it for https requests only.
    expect(fromNginx['Strict-Transport-Security']).toBe('$larder_hsts');
    expect(read('deploy/nginx/tls-maps.conf')).toMatch(/https "max-age=31536000; includeSubDomains";/);
  });

  it('is included in every location of the static sites that sets its own headers', () => {
    for (const app of ['host-shell', 'storefront', 'seller-portal']) {
      const conf = read(`deploy/nginx/${app}.conf`);
      for (const block of conf.matchAll(/location [^{]+\{([^}]*)\}/g)) {
        if (block[1].includes('add_header')) {
          expect(`${app}: ${block[0]}`).toContain('include /etc/nginx/larder/security-headers.conf;');
        }
      }
    }
  });
});

describe('the client address behind a proxy', () => {
  const contact = (t: TestApp, forwardedFor: string) =>
    request(t.server)
      .post('/api/user/check-email')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email: 'a@b.example' });

  it('believes X-Forwarded-For only from a trusted proxy (default: this machine)', async () => {
    const t = await createTestApp({ throttleLimit: 1 });
    try {
      expect(t.config.trustProxy).toBe('loopback');
      await contact(t, '198.51.100.1').expect(200);
      await contact(t, '198.51.100.1').expect(429);
      // Another shopper behind the same (local) proxy has their own count.
      await contact(t, '198.51.100.2').expect(200);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted: a client cannot pick its own rate-limit key', async () => {
    const t = await createTestApp({ throttleLimit: 1, trustProxy: false });
    try {
      await contact(t, '198.51.100.1').expect(200);
      await contact(t, '198.51.100.2').expect(429);
    } finally {
      await t.close();
    }
  });
});

describe('the static sites nginx serves', () => {
  /** Serves `deploy/nginx/<site>.conf` with Debian's nginx from a folder holding what a build leaves in dist. */
  async function serve(site: string, work: (get: (p: string) => Promise<number>) => Promise<void>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-nginx-'));
    const larder = path.join(dir, 'larder');
    const html = path.join(dir, 'html');
    fs.mkdirSync(path.join(html, 'server'), { recursive: true });
    fs.mkdirSync(larder);
    for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      fs.mkdirSync(path.join(dir, 'tmp', d), { recursive: true });
    for (const f of ['tls-maps.conf', 'proxy-api.conf', 'proxy-events.conf'])
      fs.copyFileSync(path.join(REPO_ROOT, 'deploy/nginx', f), path.join(larder, f));
    fs.writeFileSync(
      path.join(larder, 'security-headers.conf'),
      nginxHeaders.replaceAll('${LARDER_REMOTE_ORIGINS}', ''),
    );
    for (const f of [
      'index.html',
      'remoteEntry.js',
      'main.1234abcd.js',
      'main.1234abcd.js.map',
      'mf-manifest-stats.json',
      'server/remoteEntry.js',
      'server/page.js',
    ])
      fs.writeFileSync(path.join(html, f), 'x');
    const nginxConf = (port: number) => {
      const conf = read(`deploy/nginx/${site}.conf`)
        .replaceAll('/etc/nginx/larder/', `${larder}/`)
        .replace(/server api-\d:3000[^;]*;/g, 'server 127.0.0.1:9;')
        .replace('listen 80;', `listen 127.0.0.1:${port};`)
        .replace('root /usr/share/nginx/html;', `root ${html};`);
      return `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/client_body; proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi; uwsgi_temp_path ${dir}/tmp/uwsgi; scgi_temp_path ${dir}/tmp/scgi;
${conf}
}`;
    };
    try {
      const { nginx, port } = await startNginx(dir, nginxConf);
      try {
        await work(async (p) => (await fetch(`http://127.0.0.1:${port}${p}`)).status);
      } finally {
        nginx.kill('SIGTERM');
        if (nginx.exitCode === null && nginx.signalCode === null)
          await new Promise((r) => nginx.once('exit', r));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /**
   * Starts nginx with the configuration `conf` gives for a free port, and answers once nginx itself answers on it
   * (up to 15 s on a loaded machine). Another process (a test's short-lived server) may take the port between
   * freePort and nginx binding it: nginx then exits with "Address already in use" and starts again on another.
   */
  async function startNginx(
    dir: string,
    conf: (port: number) => string,
  ): Promise<{ nginx: ReturnType<typeof spawn>; port: number }> {
    const errorLog = path.join(dir, 'error.log');
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      fs.writeFileSync(path.join(dir, 'nginx.conf'), conf(port));
      fs.rmSync(errorLog, { force: true });
      const nginx = spawn(process.env.NGINX ?? 'nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        stdio: 'ignore',
      });
      for (let i = 0; ; i++) {
        const server = await fetch(`http://127.0.0.1:${port}/`).then(
          (res) => res.headers.get('server') ?? '',
          () => undefined,
        );
        if (server?.startsWith('nginx')) return { nginx, port };
        if (nginx.exitCode !== null || nginx.signalCode !== null) {
          const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
          if (/Address already in use/.test(log) && attempt < 5) break;
          throw new Error(`nginx exited (${nginx.exitCode ?? nginx.signalCode}): ${log}`);
        }
        if (i > 300) {
          nginx.kill('SIGTERM');
          throw new Error(`nginx did not answer on port ${port} within 15 s`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  it.each(['host-shell', 'storefront', 'seller-portal'])(
    '%s publishes no source map and nothing of the server bundle',
    async (site) => {
      await serve(site, async (get) => {
        expect(await get('/main.1234abcd.js')).toBe(200);
        expect(await get('/remoteEntry.js')).toBe(200);
        expect(await get('/main.1234abcd.js.map')).toBe(404);
        expect(await get('/mf-manifest-stats.json')).toBe(404);
        expect(await get('/server/remoteEntry.js')).toBe(404);
        expect(await get('/server/page.js')).toBe(404);
      });
    },
  );

  it('builds the web image without them (Dockerfile)', () => {
    const dockerfile = read('Dockerfile');
    const web = dockerfile.slice(dockerfile.indexOf('AS web\n'));
    expect(web).toMatch(/COPY --from=web-files \/web \/usr\/share\/nginx\/html/);
    expect(web).not.toMatch(/COPY --from=build \/app\/\$\{APP\}\/dist/);
    expect(dockerfile).toMatch(
      /AS web-files[\s\S]*rm -rf \/web\/server \\\n {2}&& find \/web \\\( -name '\*\.map' -o -name 'mf-manifest-stats\.json\*' \\\) -delete/,
    );
  });
});
