// Fails when src/api/schema.d.ts is not what openapi-typescript makes of ../webapi/openapi.yaml.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const spec = resolve(root, '../webapi/openapi.yaml');
const committed = resolve(root, 'src/api/schema.d.ts');
const dir = mkdtempSync(join(tmpdir(), 'zocalo-api-'));
const fresh = join(dir, 'schema.d.ts');

try {
  execFileSync(process.execPath, [resolve(root, 'node_modules/openapi-typescript/bin/cli.js'), spec, '-o', fresh], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const want = readFileSync(fresh, 'utf8');
  let have = '';
  try {
    have = readFileSync(committed, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (want !== have) {
    console.error('src/api/schema.d.ts is out of date with webapi/openapi.yaml. Run `npm run gen:api` and commit the result.');
    process.exitCode = 1;
  } else {
    console.log('src/api/schema.d.ts matches webapi/openapi.yaml.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
