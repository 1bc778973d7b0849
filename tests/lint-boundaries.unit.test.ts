import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Decision 054: the lint rules that hold the layout refuse what they say they refuse. Each case
// lints a line of code as if it stood in the named file (the file need not exist).

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const boundary = (messages: string[]) =>
  messages.filter((message) => message.startsWith('local/area-boundaries'));

describe('area boundaries (server)', () => {
  const dispatchFile = 'src/server/modules/dispatch/dispatch.repository.ts';

  it("refuses another area's tables and queries", async () => {
    expect(
      boundary(await problems(dispatchFile, "import { orders } from '../orders/orders.schema';\n")),
    ).toEqual([
      "local/area-boundaries: The orders area's tables are its own: read them through its *.service (or the order read projections), not orders.schema.",
    ]);
    expect(
      boundary(
        await problems(dispatchFile, "import { findOrder } from '../orders/orders.repository';\n"),
      ),
    ).toHaveLength(1);
    expect(
      boundary(
        await problems(dispatchFile, "import { x } from '@server/modules/users/users.schema';\n"),
      ),
    ).toHaveLength(1);
  });

  it("allows another area's service, the area's own files, and a schema naming a foreign key", async () => {
    expect(
      boundary(
        await problems(dispatchFile, "import { getOrder } from '../orders/orders.service';\n"),
      ),
    ).toEqual([]);
    expect(
      boundary(await problems(dispatchFile, "import { board } from './dispatch.schema';\n")),
    ).toEqual([]);
    expect(
      boundary(
        await problems(
          'src/server/modules/visits/visits.schema.ts',
          "import { orders } from '../orders/orders.schema';\n",
        ),
      ),
    ).toEqual([]);
  });
});

describe('order read projections', () => {
  const projection = 'src/server/modules/orders/projections/dispatch-board.projection.ts';

  it("may read other areas' tables, and any module may call them", async () => {
    expect(
      boundary(await problems(projection, "import { users } from '../../users/users.schema';\n")),
    ).toEqual([]);
    expect(
      boundary(
        await problems(
          'src/server/modules/dispatch/dispatch.service.ts',
          "import { board } from '../orders/projections/dispatch-board.projection';\n",
        ),
      ),
    ).toEqual([]);
  });

  it("stays the only place outside a schema: the orders module's own files may not", async () => {
    expect(
      boundary(
        await problems(
          'src/server/modules/orders/orders.repository.ts',
          "import { users } from '../users/users.schema';\n",
        ),
      ),
    ).toHaveLength(1);
  });
});

describe('area boundaries (web)', () => {
  const ordersFile = 'src/web/features/orders/components/orders-page.tsx';

  it('refuses another feature by a short or long relative path, by alias and lazily', async () => {
    for (const line of [
      "import { X } from '../../dispatch/components/cards';\n",
      "import { X } from '../../../features/dispatch/components/cards';\n",
      "import { X } from '@web/features/dispatch/components/cards';\n",
      "export const Page = () => import('../../dispatch/components/cards');\n",
    ]) {
      expect(boundary(await problems(ordersFile, line)), line).toEqual([
        'local/area-boundaries: A feature never imports another feature (orders → dispatch); let the app (src/web/app) compose them.',
      ]);
    }
  });

  it("allows the feature's own files, and the app to compose features", async () => {
    expect(
      boundary(await problems(ordersFile, "import { X } from '../lib/list-search-params';\n")),
    ).toEqual([]);
    expect(
      boundary(
        await problems(
          'src/web/app/routes.tsx',
          "import { X } from '../features/dispatch/components/cards';\n",
        ),
      ),
    ).toEqual([]);
  });
});

describe('names', () => {
  it('refuses a file or folder name that is not kebab-case', async () => {
    const code = 'export const x = 1;\n';
    expect(await problems('src/web/lib/BadName.ts', code)).toEqual([
      expect.stringMatching(/^check-file\/filename-naming-convention/),
    ]);
    expect(await problems('src/web/features/SomeFeature/lib/x.ts', code)).toEqual([
      expect.stringMatching(/^check-file\/folder-naming-convention/),
    ]);
    expect(await problems('src/server/modules/orders/orders.routes.ts', code)).toEqual([]);
  });
});
