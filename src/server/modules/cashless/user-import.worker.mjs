// Worker thread of the user import: loads the TypeScript parser through tsx (the server runs on tsx;
// a worker loads its own modules) and hands it the port. See user-import-parse.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { runImportParser } = await tsImport('./user-import-parse.ts', import.meta.url);
runImportParser(parentPort, workerData.batch, workerData.format);
