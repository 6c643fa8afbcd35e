import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * docker-compose.yml run as a project of its own by whichever Compose the machine has:
 * COMPOSE_CLI when set ("docker compose", "docker-compose"), else Compose v2 (`docker compose`),
 * else Debian's docker-compose (v1, which scripts/container-runtime.sh installs for podman). Both
 * talk to the engine at DOCKER_HOST. The test's own settings come in an override file.
 */
export class ComposeProject {
  private readonly dir = mkdtempSync(join(tmpdir(), 'mfd-compose-'));
  private files: string[] = [];
  private cli: string[] = [];

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
  ) {}

  async init(override: string): Promise<string> {
    this.cli = await composeCli();
    writeFileSync(join(this.dir, 'override.yml'), override);
    this.files = [join(ROOT, 'docker-compose.yml'), join(this.dir, 'override.yml')];
    return this.cli.join(' ');
  }

  async compose(...args: string[]): Promise<string> {
    const [cmd, ...pre] = this.cli;
    const files = this.files.flatMap((f) => ['-f', f]);
    const { stdout } = await run(
      cmd!,
      [...pre, ...files, '--project-directory', ROOT, '-p', this.name, ...args],
      { cwd: ROOT, env: { ...process.env, ...this.env }, maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function answers(cmd: string[]): Promise<boolean> {
  try {
    await run(cmd[0]!, [...cmd.slice(1), 'version'], { timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

async function composeCli(): Promise<string[]> {
  if (process.env.COMPOSE_CLI) return process.env.COMPOSE_CLI.split(' ');
  for (const cli of [['docker', 'compose'], ['docker-compose']]) if (await answers(cli)) return cli;
  throw new Error('No Compose: install Docker Compose, or run scripts/container-runtime.sh (docker-compose)');
}

/** The Docker API (podman serves it too) at DOCKER_HOST, a unix socket. */
export async function dockerApi<T>(method: string, path: string): Promise<T> {
  const host = process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock';
  if (!host.startsWith('unix://'))
    throw new Error(`DOCKER_HOST ${host}: only a unix socket is supported here`);
  return new Promise((done, fail) => {
    const req = request({ socketPath: host.slice('unix://'.length), path, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if ((res.statusCode ?? 500) >= 300) fail(new Error(`${method} ${path}: ${res.statusCode} ${body}`));
        else done((body ? JSON.parse(body) : undefined) as T);
      });
    });
    req.on('error', fail);
    req.end();
  });
}

export interface ServiceContainer {
  id: string;
  address: string;
}

/** The running containers of one service of a project, with their address on the project's network. */
export async function serviceContainers(project: string, service: string): Promise<ServiceContainer[]> {
  const filters = JSON.stringify({
    label: [`com.docker.compose.project=${project}`, `com.docker.compose.service=${service}`],
  });
  const list = await dockerApi<{ Id: string }[]>(
    'GET',
    `/containers/json?filters=${encodeURIComponent(filters)}`,
  );
  return Promise.all(
    list.map(async ({ Id }) => {
      const info = await dockerApi<{ NetworkSettings: { Networks: Record<string, { IPAddress: string }> } }>(
        'GET',
        `/containers/${Id}/json`,
      );
      const address = Object.values(info.NetworkSettings.Networks)[0]?.IPAddress ?? '';
      return { id: Id, address };
    }),
  );
}
