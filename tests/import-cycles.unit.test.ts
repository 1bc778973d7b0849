import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

// Issue 8: no import loop anywhere in the source (app.ts once sat in a 29-file loop). A loop
// means two files can no longer be read, tested or moved apart.
const root = fileURLToPath(new URL('..', import.meta.url));

describe('import graph', () => {
  it.each(['src/server', 'src/web', 'src/shared'])(
    'has no cycle in %s',
    async (folder) => {
      const graph = await madge(`${root}${folder}`, {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: `${root}tsconfig.json`,
        // Type-only imports are loops too: they tie the files' designs together.
        detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
      });
      expect(graph.circular()).toEqual([]);
    },
    60_000,
  );
});
