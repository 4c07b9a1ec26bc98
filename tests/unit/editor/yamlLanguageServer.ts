/**
 * yaml-language-server (the server of VS Code's YAML extension) over stdio, spoken to as an
 * editor does: initialize with a workspace folder, answer the server's pull of the `yaml`
 * settings, open documents, collect the diagnostics it publishes. Used by
 * tests/unit/editor/language-server.test.ts.
 */

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The server's command, as its package.json `bin` names it (node_modules/yaml-language-server/bin/yaml-language-server). */
function serverBin(): string {
  const packageJson = fileURLToPath(import.meta.resolve('yaml-language-server/package.json'));
  const { bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(packageJson), bin['yaml-language-server']!);
}

export interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity?: number;
  source?: string;
}

interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };

export class YamlLanguageServer {
  private readonly process: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly published = new Map<string, LspDiagnostic[][]>();
  private readonly waiters: (() => void)[] = [];
  private stderr = '';

  private constructor(private readonly settings: { yaml: Record<string, unknown> }) {
    this.process = spawn(process.execPath, [serverBin(), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.process.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.process.on('exit', (code) => {
      for (const { reject } of this.pending.values()) reject(new Error(`yaml-language-server exited (${code}): ${this.stderr}`));
      this.pending.clear();
    });
  }

  /** Starts the server on `workspace` with these `yaml` settings (those of .vscode/settings.json, `yaml.` left off). */
  static async start(workspace: string, yaml: Record<string, unknown>): Promise<YamlLanguageServer> {
    const server = new YamlLanguageServer({ yaml });
    const uri = pathToFileURL(workspace).href;
    await server.request('initialize', {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: 'workspace' }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: { publishDiagnostics: { relatedInformation: false } },
      },
    });
    server.notify('initialized', {});
    // As VS Code does when its settings are read: the server then pulls them (workspace/configuration).
    server.notify('workspace/didChangeConfiguration', { settings: server.settings });
    // A request answered after the pulls were: the settings are in force for the documents opened next.
    await server.request('workspace/executeCommand', { command: 'noSuchCommand', arguments: [] }).catch(() => undefined);
    return server;
  }

  /** Opens a document and resolves with the diagnostics the server publishes for it. */
  async diagnostics(path: string, text: string, timeoutMs = 20_000): Promise<LspDiagnostic[]> {
    const uri = pathToFileURL(path).href;
    const before = this.published.get(uri)?.length ?? 0;
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const deadline = Date.now() + timeoutMs;
    while ((this.published.get(uri)?.length ?? 0) <= before) {
      if (Date.now() > deadline) throw new Error(`No diagnostics for ${path} in ${timeoutMs} ms. ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.published.get(uri)!.at(-1)!;
  }

  async stop(): Promise<void> {
    await this.request('shutdown', null).catch(() => undefined);
    this.notify('exit', null);
    await new Promise<void>((resolve) => {
      if (this.process.exitCode !== null) resolve();
      else {
        const kill = setTimeout(() => this.process.kill(), 2_000);
        this.process.on('exit', () => {
          clearTimeout(kill);
          resolve();
        });
      }
    });
  }

  private request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  private notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.process.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.handle(JSON.parse(body) as Message);
    }
  }

  private handle(message: Message): void {
    if (message.method === undefined && typeof message.id === 'number') {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) pending?.reject(new Error(message.error.message));
      else pending?.resolve(message.result);
      return;
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      const { uri, diagnostics } = message.params as { uri: string; diagnostics: LspDiagnostic[] };
      this.published.set(uri, [...(this.published.get(uri) ?? []), diagnostics]);
      for (const wake of this.waiters.splice(0)) wake();
      return;
    }
    if (message.id === undefined) return; // other notifications: telemetry, logs
    // The server's requests: the settings it pulls, and registrations, which an editor accepts.
    const result =
      message.method === 'workspace/configuration'
        ? (message.params as { items: { section?: string }[] }).items.map((item) =>
            item.section === 'yaml' ? this.settings.yaml : item.section === 'http' ? { proxy: '', proxyStrictSSL: false } : {},
          )
        : null;
    this.send({ jsonrpc: '2.0', id: message.id, result });
  }
}
