/**
 * npm run print-agent — the venue's print agent (issue 25 item 6).
 *
 * Runs on any PC on the venue's network. It connects OUT to the Balcão server (no port is opened at
 * the venue), long-polls its place's print jobs with the token a manager created on
 * /cadastro/impressoras, writes each job's ESC/POS bytes over raw TCP to the printer's address
 * (port 9100 by default) and reports the result. The server never connects to printers itself.
 *
 * The printers page also hands it out as one file (GET api/Impressoras/Agente/Download, bundled with
 * esbuild, the server's address and the agent's token written at its top): `node agente.mjs` on any
 * PC with Node.js, no copy of Balcão.
 *
 * Settings (environment or flags; the downloaded file's own come first only when none is given):
 *   PRINT_AGENT_SERVER / --server   the server's address (default http://localhost:8080)
 *   PRINT_AGENT_TOKEN  / --token    the agent token (pa_…), shown once when the agent was created
 *   PRINT_AGENT_WAIT_S              long-poll wait in seconds (default 25)
 */
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PRINTER_PATHS, type AgentJob, type AgentResultRequest } from '../src/shared/contract/printers';
import { isLocalPrinterHost } from '../src/shared/printers';

export interface PrintAgentOptions {
  server: string;
  token: string;
  /** Long-poll wait the server is asked for (seconds). */
  waitSeconds?: number;
  /** How long a printer may take to accept the connection and the bytes. */
  printerTimeoutMs?: number;
  log?: (msg: string) => void;
}

export type RawResult = { ok: true } | { ok: false; written: boolean; error: string };

/** Writes bytes to host:port over TCP and waits until the printer's side has them (socket closed cleanly). */
export function sendRaw(host: string, port: number, bytes: Uint8Array, timeoutMs = 10_000): Promise<RawResult> {
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const finish = (r: RawResult) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(r);
    };
    const socket = net.connect({ host, port });
    socket.setTimeout(timeoutMs, () => finish({ ok: false, written: connected, error: 'A impressora não respondeu a tempo.' }));
    socket.once('connect', () => {
      connected = true;
      socket.end(Buffer.from(bytes));
    });
    socket.once('error', (err: NodeJS.ErrnoException) =>
      finish({ ok: false, written: connected, error: connected ? 'A conexão com a impressora caiu durante a impressão.' : `Impressora inacessível em ${host}:${port} (${err.code ?? 'erro'}).` }),
    );
    // Our side ended after the last byte (FIN sent). A raw-9100 printer then closes its side once it
    // has read everything; one that keeps the connection open still got the bytes TCP delivered.
    socket.once('finish', () => {
      const grace = setTimeout(() => finish({ ok: true }), 2_000);
      socket.once('close', () => {
        clearTimeout(grace);
        finish({ ok: true });
      });
      socket.resume();
    });
  });
}

export class PrintAgent {
  private readonly base: string;
  constructor(private readonly opts: PrintAgentOptions) {
    this.base = opts.server.replace(/\/+$/, '');
  }

  private headers(json = false): Record<string, string> {
    return { authorization: `Bearer ${this.opts.token}`, ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  /** One round: waits for jobs, prints each in order and reports it. Returns how many it handled. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    const wait = this.opts.waitSeconds ?? 25;
    const res = await fetch(`${this.base}${PRINTER_PATHS.agentJobs}?espera=${wait}`, { headers: this.headers(), signal });
    if (res.status === 401) throw new AgentRevokedError();
    if (!res.ok) throw new Error(`servidor respondeu ${res.status}`);
    const { Trabalhos } = (await res.json()) as { Trabalhos: AgentJob[] };
    for (const job of Trabalhos) await this.print(job);
    return Trabalhos.length;
  }

  private async print(job: AgentJob) {
    let result: AgentResultRequest;
    if (!isLocalPrinterHost(job.Endereco)) {
      result = { impresso: false, erro: `Endereço fora da rede local recusado pelo agente: ${job.Endereco}.` };
    } else {
      const r = await sendRaw(job.Endereco, job.Porta, Buffer.from(job.Dados, 'base64'), this.opts.printerTimeoutMs);
      result = r.ok ? { impresso: true } : { impresso: false, naoEnviado: !r.written, erro: r.error };
    }
    this.opts.log?.(`${job.Impressora}: ${result.impresso ? 'impresso' : result.erro}`);
    const res = await fetch(`${this.base}${PRINTER_PATHS.agentResult.replace(':id', job.Id)}`, {
      method: 'POST',
      headers: this.headers(true),
      body: JSON.stringify(result),
    });
    if (!res.ok && res.status !== 409) throw new Error(`servidor respondeu ${res.status}`);
  }

  /** Runs until stopped, waiting longer after each failure (up to 30 s). */
  async run(signal: AbortSignal): Promise<void> {
    let backoff = 1000;
    while (!signal.aborted) {
      try {
        await this.runOnce(signal);
        backoff = 1000;
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof AgentRevokedError) throw err;
        this.opts.log?.(`sem contato com o servidor (${(err as Error).message}); nova tentativa em ${backoff / 1000} s`);
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  }
}

export class AgentRevokedError extends Error {
  constructor() {
    super('Token do agente de impressão inválido ou revogado. Crie um novo em Cadastros › Impressoras.');
  }
}

/** Written at the top of the downloaded file by the server (see printers.routes / agent-bundle). */
declare const __BALCAO_AGENT__: { server: string; token: string } | undefined;
const embedded = typeof __BALCAO_AGENT__ === 'undefined' ? undefined : __BALCAO_AGENT__;

async function main() {
  const { values } = parseArgs({ options: { server: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('Uso: PRINT_AGENT_TOKEN=pa_... npm run print-agent -- --server https://balcao.example.com.br');
    return;
  }
  const token = values.token ?? process.env.PRINT_AGENT_TOKEN ?? embedded?.token;
  const server = values.server ?? process.env.PRINT_AGENT_SERVER ?? embedded?.server ?? 'http://localhost:8080';
  if (!token) {
    console.error('Informe o token do agente (PRINT_AGENT_TOKEN ou --token), criado em Cadastros › Impressoras.');
    process.exitCode = 1;
    return;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const wait = Number(process.env.PRINT_AGENT_WAIT_S);
  const agent = new PrintAgent({ server, token, waitSeconds: Number.isFinite(wait) && wait >= 0 ? wait : 25, log: (m) => console.log(`${new Date().toISOString()} ${m}`) });
  console.log(`Agente de impressão conectado a ${server}. Ctrl+C para parar.`);
  try {
    await agent.run(stop.signal);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}

// Run as a program (npm run print-agent, or the downloaded file), not when a test imports it.
if (embedded || (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)) void main();
