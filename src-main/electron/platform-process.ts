import { installAsarUnpackedSpawn } from './asar-unpacked-spawn';

// Entry of the embedded platform server's utility process: src-server/main.ts (which reads
// PORT, HOST and LETTERDESK_DATA_DIR and prints "Letterdesk platform listening on <url>"),
// preceded by the asar path fix its embedded PostgreSQL needs in a packaged app. The server
// is imported dynamically so the fix is in place before any of its code runs, whatever
// order the bundler gives static imports.
installAsarUnpackedSpawn();
await import('../../src-server/main');
