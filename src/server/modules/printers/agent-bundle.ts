/**
 * The print agent as one file (issue 39): scripts/print-agent.ts and what it imports, bundled by
 * esbuild into a single ES module that needs only Node.js (20 or newer), built once per server
 * process. Each download gets the server's address and the agent's token written at its top, so the
 * venue's PC runs `node balcao-agente-impressao.mjs` and nothing else.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const AGENT_FILE_NAME = 'balcao-agente-impressao.mjs';

let bundle: Promise<string> | null = null;

function entry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../../../scripts/print-agent.ts');
}

/** The bundled agent (cached; a failed build is tried again on the next download). */
export function agentBundle(): Promise<string> {
  bundle ??= (async () => {
    const esbuild = await import('esbuild');
    const out = await esbuild.build({
      entryPoints: [entry()],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      minify: false,
      legalComments: 'none',
      logLevel: 'silent',
    });
    return out.outputFiles[0].text;
  })().catch((err: unknown) => {
    bundle = null;
    throw err;
  });
  return bundle;
}

/** The file a venue downloads: its settings, then the agent. JSON keeps any character safe in the literal. */
export async function agentFile(server: string, token: string): Promise<string> {
  const settings = JSON.stringify({ server, token }).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `// Agente de impressão do Balcão: node ${AGENT_FILE_NAME} (Node.js 20 ou mais novo). Ctrl+C para parar.\n// Este arquivo contém o token do agente: guarde-o só no computador da impressora.\nconst __BALCAO_AGENT__ = ${settings};\n${await agentBundle()}`;
}
