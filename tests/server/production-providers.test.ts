/**
 * No silent sandbox in production: with NODE_ENV=production the server starts only when
 * PAYMENT_GATEWAY and CAPTCHA_PROVIDER are set; a test provider named explicitly starts, says so
 * in its log and in /healthz. Outside production nothing needs setting (`npm start` as before).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, readPaymentsEnv, readServerEnv } from '../../src/server/config.ts';
import { cliEnv, root, runScript, useCliFolder } from './cliHarness.ts';

const folder = useCliFolder('production-providers-');

/** The environment of a server started from the command line on the test folder (no gateway or captcha setting inherited). */
const serverEnv = (extra: Record<string, string>) => {
  const env = cliEnv(folder.dataDir(), { DIST_DIR: folder.distDir(), PORT: '0', HOST: '127.0.0.1' });
  delete env.CAPTCHA_PROVIDER;
  return { ...env, ...extra };
};

describe('reading the environment', () => {
  test('NODE_ENV=production without PAYMENT_GATEWAY or CAPTCHA_PROVIDER: a ConfigError naming the unset ones', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        readServerEnv({ NODE_ENV: 'production', ...env }, root);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('readServerEnv accepted it');
    };
    expect(refusal({})).toMatch(/^NODE_ENV=production needs PAYMENT_GATEWAY and CAPTCHA_PROVIDER set\./);
    expect(refusal({})).toContain('PAYMENT_GATEWAY=sandbox and CAPTCHA_PROVIDER=local');
    const captchaOnly = refusal({ PAYMENT_GATEWAY: 'sandbox' });
    expect(captchaOnly).toMatch(/^NODE_ENV=production needs CAPTCHA_PROVIDER set\./);
    expect(captchaOnly).not.toContain('PAYMENT_GATEWAY');
    expect(refusal({ CAPTCHA_PROVIDER: 'local', PAYMENT_GATEWAY: '  ' })).toMatch(/^NODE_ENV=production needs PAYMENT_GATEWAY set\./);
    // The CLIs that read the gateway alone (billing, reconcile) are held to it too.
    expect(() => readPaymentsEnv({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production needs PAYMENT_GATEWAY set/);
  });

  test('named explicitly, the test providers are taken in production; outside production they are the defaults', () => {
    const explicit = readServerEnv({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', CAPTCHA_PROVIDER: 'local' }, root);
    expect(explicit.paymentGateway).toEqual({ kind: 'sandbox' });
    expect(explicit.backend.captcha.provider).toBe('local');
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const env = readServerEnv(NODE_ENV ? { NODE_ENV } : {}, root);
      expect(env.paymentGateway).toEqual({ kind: 'sandbox' });
      expect(env.backend.captcha.provider).toBe('local');
    }
  });
});

describe('starting the server', () => {
  test('`npm start`, `npm run serve`, NODE_ENV=production, neither set: exit 1, the variables named, nothing served', async () => {
    for (const script of ['start.ts', '../src/server/main.ts']) {
      const refused = await runScript(script, [], serverEnv({ NODE_ENV: 'production' })).then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(refused, script).not.toBeNull();
      expect(refused!.code, script).toBe(1);
      expect(refused!.stderr, script).toContain('Cannot start: NODE_ENV=production needs PAYMENT_GATEWAY and CAPTCHA_PROVIDER set.');
      expect(refused!.stdout, script).not.toContain('Ready:');
    }
  }, 60_000);

  test('PAYMENT_GATEWAY=sandbox and CAPTCHA_PROVIDER=local named in production: starts, warns in the log, /healthz says so', async () => {
    const server = await serve(serverEnv({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', CAPTCHA_PROVIDER: 'local' }));
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: 'ok',
        warnings: [
          'PAYMENT_GATEWAY=sandbox: payments run on the sandbox gateway; test cards buy plans and no money moves.',
          "CAPTCHA_PROVIDER=local: the captcha accepts the browser's fixed local token; it stops no bot.",
        ],
      });
      const warnings = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40)
        .map((line) => line.msg);
      expect(warnings).toContain('PAYMENT_GATEWAY=sandbox: payments run on the sandbox gateway; test cards buy plans and no money moves.');
      expect(warnings).toContain("CAPTCHA_PROVIDER=local: the captcha accepts the browser's fixed local token; it stops no bot.");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test('outside production, nothing set: starts on the test providers and /healthz is plain', async () => {
    const server = await serve(serverEnv({}));
    try {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(server.output()).not.toContain('PAYMENT_GATEWAY=sandbox');
    } finally {
      await server.stop();
    }
  }, 60_000);
});

/** `npm run serve` (src/server/main.ts) in a child process, once it has said it is ready. */
async function serve(env: NodeJS.ProcessEnv) {
  // Node with tsx's loader, not the tsx command: a signal reaches the server itself.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 45_000);
    child.stdout!.on('data', () => {
      const ready = /Ready: (http:\/\/localhost:\d+)/.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      resolve(ready[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    url: url.replace('localhost', '127.0.0.1'),
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
