import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '#tests/helpers/free-port';

/** The proxying settings compose's nginx uses too (SSE, timeouts, retries, the error shape). */
export const PROXY_SETTINGS = fileURLToPath(new URL('../../deploy/nginx-proxy.conf', import.meta.url));
/** The response header naming the instance (`host:port`) that answered: the suite's, not deploy's. */
export const UPSTREAM_HEADER = 'x-draftsmith-upstream';

export interface NginxProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Points the proxy at other instances (a configuration reload: running streams carry on). */
  setUpstreams(upstreams: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** nginx's path (Debian's package: /usr/sbin/nginx), or null when it is not installed. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const path = join(dir, 'nginx');
    if (dir && existsSync(path)) return path;
  }
  return null;
}

/**
 * nginx on 127.0.0.1 in front of `upstreams` (`127.0.0.1:<port>` each), round robin without sticky
 * sessions, with deploy/nginx-proxy.conf's settings. Its configuration, logs and temporary files live
 * in a directory of its own, removed by `stop`. `workers`: nginx worker processes (default 1, which
 * keeps the rotation strictly in turn: the test suite relies on it).
 */
export async function startNginx(options: {
  upstreams: string[];
  workers?: number;
  /** Its port (default: a free one). */
  port?: number;
}): Promise<NginxProxy> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
  const dir = mkdtempSync(join(tmpdir(), 'draftsmith-nginx-'));
  const port = options.port ?? (await freePort());
  const conf = join(dir, 'nginx.conf');
  const write = (upstreams: string[]) =>
    writeFileSync(conf, nginxConfig({ dir, port, upstreams, workers: options.workers ?? 1 }));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  write(options.upstreams);

  const child = spawn(nginx, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForListening(url, child, () => `${stderr}${readLog(dir)}`);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  return {
    url,
    async setUpstreams(upstreams) {
      write(upstreams);
      child.kill('SIGHUP');
      // The new workers take over within a moment; the old ones finish their requests.
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const late = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(late);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function nginxConfig(o: { dir: string; port: number; upstreams: string[]; workers: number }): string {
  const servers = o.upstreams.map((u) => `        server ${u} max_fails=1 fail_timeout=3s;`).join('\n');
  // As root, nginx would run its workers as `nobody`, who cannot write to this directory.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  return `# Written by bench/scale/nginx.ts; compose's equivalent is deploy/nginx.conf.
daemon off;
${user}worker_processes ${o.workers};
worker_rlimit_nofile 20000;
pid ${join(o.dir, 'nginx.pid')};
error_log ${join(o.dir, 'error.log')} warn;

events {
    worker_connections 8192;
}

http {
    access_log off;
    client_body_temp_path ${join(o.dir, 'body')};
    proxy_temp_path ${join(o.dir, 'proxy')};
    fastcgi_temp_path ${join(o.dir, 'fastcgi')};
    uwsgi_temp_path ${join(o.dir, 'uwsgi')};
    scgi_temp_path ${join(o.dir, 'scgi')};

    upstream draftsmith {
${servers}
        keepalive 64;
    }

    server {
        listen 127.0.0.1:${o.port};
        # Which instance answered, for the suite's checks (the deployed proxy does not say).
        add_header X-Draftsmith-Upstream $upstream_addr always;
        include ${PROXY_SETTINGS};
    }
}
`;
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

async function waitForListening(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${output()}`);
    // A connection, not a request: a request would count against an instance not up yet.
    if (await accepts(new URL(url))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not answer at ${url} within 10 s:\n${output()}`);
}

function accepts(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
