// Native addons are built for one runtime at a time: `npm start` rebuilds better-sqlite3
// for Electron, while the tests and the browser host run it under Node. When it does not
// load in this Node, rebuild it for Node (a no-op when it already loads).
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  const Database = require('better-sqlite3');
  new Database(':memory:').close();
} catch (error) {
  if (!/NODE_MODULE_VERSION|compiled against a different Node/.test(String(error))) throw error;
  console.log('better-sqlite3 was built for Electron; rebuilding it for Node…');
  execSync('npm rebuild better-sqlite3', { stdio: 'inherit' });
}
