/** The storage and media calls on the local-disk driver (DATA_DIR/uploads). */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { mediaSuite } from './media.suite.js';

mediaSuite({
  driver: 'local',
  env: () => ({}),
  heavy: true,
  async listKeys(t) {
    const root = path.join(t.dataDir, 'uploads');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  },
});
