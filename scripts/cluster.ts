import path from 'node:path';
import { startCluster } from '../src-server/cluster/local-cluster';
import { resolveDataDir } from '../src-server/db/data-dir';
import { stopOnSignals } from '../src-server/stop-on-signals';

// `npm run cluster`: PostgreSQL, an S3-compatible store, CLUSTER_SIZE platform instances
// (default 3) and nginx in front, on loopback; prints the one URL the app uses as its
// remote platform, and stops everything on Ctrl-C.
//   CLUSTER_SIZE  CLUSTER_PORT (nginx's; default any free port)  DATABASE_URL
//   LETTERDESK_DATA_DIR (the cluster keeps its files in <data dir>/cluster)  NGINX_BIN
//   anything else main.ts reads (SMTP_URL, MAIL_FROM, ...) is passed to every instance

function wholeNumber(name: string, value: string | undefined, fallback: number, least: number): number {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < least) throw new Error(`${name} must be a whole number of at least ${least}, not "${value}"`);
  return Number(text);
}

try {
  const size = wholeNumber('CLUSTER_SIZE', process.env.CLUSTER_SIZE, 3, 1);
  const port = wholeNumber('CLUSTER_PORT', process.env.CLUSTER_PORT, 0, 0);
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.join(resolveDataDir(process.env), 'cluster');
  const cluster = await startCluster({ dataDir, size, port, ...(databaseUrl ? { databaseUrl } : {}), log: (line) => console.log(line) });
  console.log(`Letterdesk cluster: ${cluster.url} (${size} platform instances behind nginx; files in ${dataDir})`);
  console.log(`Use ${cluster.url} as the app's remote platform. Ctrl-C stops the cluster.`);
  stopOnSignals('Letterdesk cluster', () => cluster.close());
} catch (error) {
  console.error('The Letterdesk cluster could not start:', error);
  process.exit(1);
}
